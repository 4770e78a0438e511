package io.frontier.coordinator.termination;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.coordinator.termination.Outcome.Ending;
import io.frontier.store.wire.ControlFailure;
import io.frontier.store.wire.Decision;
import io.frontier.store.wire.ExitStatus;
import io.frontier.store.wire.Prepare;
import io.frontier.store.wire.ShutdownAck;
import io.frontier.store.wire.Stats;
import io.frontier.store.wire.StatsAck;
import io.frontier.store.wire.Tags;
import io.frontier.store.wire.Vote;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A rank that never answers: every wait ends at its deadline and the silent rank is named. */
@Timeout(20)
class BoundedWaitTest {

    private static final TerminationSettings SHORT = new TerminationSettings(Duration.ofMillis(20),
            Duration.ofMillis(20), Duration.ofMillis(300), Duration.ofMillis(600), Duration.ofMillis(300),
            Duration.ofMillis(300));

    @Test
    void aWorkerThatNeverAcknowledgesIsReportedByRankAndEveryOtherRankStillEnds() throws Exception {
        // Workers 2 and 4 answer to root, 3 and 5 to coordinator 1.
        LoopbackJob job = new LoopbackJob(2, 4, SHORT).silent(5);

        job.start();
        Duration took = job.awaitEnd(Duration.ofSeconds(10));

        assertThat(took).isLessThan(Duration.ofSeconds(5));
        Outcome peer = job.outcome(1);
        assertThat(peer.missingWorkers()).containsExactly(5);
        assertThat(peer.workerAcks()).containsOnlyKeys(3);
        assertThat(peer.unanswered()).containsExactly(5);
        Outcome root = job.outcome(0);
        assertThat(root.unanswered()).containsExactly(5);
        assertThat(root.coordinatorStats().get(1).missingWorkers()).containsExactly(5);
        assertThat(root.workerAcks()).containsOnlyKeys(2, 4);
        for (Outcome outcome : List.of(root, peer)) {
            assertThat(outcome.ending()).isEqualTo(Ending.COMMITTED);
            assertThat(outcome.exit()).isEqualTo(ExitStatus.QUIESCENT);
            assertThat(outcome.clean()).isFalse();
        }
        assertThat(List.of(2, 3, 4)).allSatisfy(worker -> assertThat(job.acknowledged(worker)).isTrue());
    }

    @Test
    void aWrittenOffWorkerIsNotWaitedForAtTheEndAndIsNamedInTheStats() throws Exception {
        // The shutdown deadline is long: the end may only be quick if it does not wait for worker 5.
        TerminationSettings longShutdown = new TerminationSettings(Duration.ofMillis(20), Duration.ofMillis(20),
                Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(60), Duration.ofSeconds(5));
        LoopbackJob job = new LoopbackJob(2, 4, longShutdown).silent(5);
        job.frontier(1).writeOff(5, "worker 5 did not answer its assignment");

        job.start();
        Duration took = job.awaitEnd(Duration.ofSeconds(15));

        assertThat(took).isLessThan(Duration.ofSeconds(10));
        Outcome root = job.outcome(0);
        assertThat(root.exit()).isEqualTo(ExitStatus.QUIESCENT);
        assertThat(root.unanswered()).containsExactly(5);
        assertThat(root.coordinatorStats().get(1).writtenOff())
                .containsExactly(Map.entry(5, "worker 5 did not answer its assignment"));
        assertThat(root.coordinatorStats().get(1).missingWorkers()).containsExactly(5);
        assertThat(job.outcome(1).clean()).isFalse();
    }

    @Test
    void aCoordinatorThatNeverVotesStopsTheJobWithSeventyNamingIt() throws Exception {
        LoopbackJob job = new LoopbackJob(2, 2, SHORT).scripted(1, 3);

        job.start();
        Duration took = job.awaitEnd(Duration.ofSeconds(10));

        assertThat(took).isLessThan(Duration.ofSeconds(5));
        Outcome root = job.outcome(0);
        assertThat(root.ending()).isEqualTo(Ending.STOPPED);
        assertThat(root.exitCode()).isEqualTo(70);
        assertThat(root.reason()).contains("coordinators did not vote before the deadline").contains("silent=[1]");
        assertThat(root.unanswered()).containsExactly(1);
        assertThat(root.coordinatorStats()).containsOnlyKeys(0);
        assertThat(root.workerAcks()).containsOnlyKeys(2);
        assertThat(job.expect(1, Tags.PREPARE, Prepare.class).round()).isEqualTo(1);
        assertThat(job.expect(1, Tags.DECISION, Decision.class).kind()).isEqualTo(Decision.Kind.STOP);
        assertThat(job.expect(1, Tags.STATS_ACK, StatsAck.class))
                .isEqualTo(new StatsAck(ExitStatus.CONTROL_FAILURE, List.of(1)));
    }

    @Test
    void aFrozenCoordinatorWhoseRootFallsSilentEndsOnItsOwnWithSeventy() throws Exception {
        LoopbackJob job = new LoopbackJob(2, 2, SHORT).scripted(0, 2);
        job.start();

        job.send(0, 1, Tags.PREPARE, new Prepare(1, 5));
        assertThat(job.expect(0, Tags.VOTE, Vote.class).yes()).isTrue();
        ControlFailure failure = job.expect(0, Tags.CONTROL_FAILURE, ControlFailure.class);
        Stats stats = job.expect(0, Tags.STATS, Stats.class);
        Duration took = job.awaitEnd(Duration.ofSeconds(10));

        assertThat(took).isLessThan(Duration.ofSeconds(5));
        assertThat(failure.rank()).isEqualTo(1);
        assertThat(failure.reason()).isEqualTo("no decision arrived before the deadline");
        assertThat(failure.context()).containsEntry("source", "0").containsEntry("round", "1");
        assertThat(stats.exit()).isEqualTo(ExitStatus.CONTROL_FAILURE);
        assertThat(stats.workers()).extracting(ShutdownAck::worker).containsExactly(3);
        Outcome peer = job.outcome(1);
        assertThat(peer.ending()).isEqualTo(Ending.STOPPED);
        assertThat(peer.exitCode()).isEqualTo(70);
        assertThat(peer.unanswered()).containsExactly(0);
        assertThat(peer.failures()).hasSize(3);
        assertThat(peer.failures().get(0)).startsWith("rank 1: no decision arrived before the deadline [");
        assertThat(peer.failures().get(1)).startsWith("rank 1: root's stop did not arrive before the deadline [");
        assertThat(peer.failures().get(2)).startsWith("rank 1: root's release did not arrive before the deadline [");
    }
}
