package io.frontier.coordinator.termination;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.coordinator.termination.Outcome.Ending;
import io.frontier.store.wire.ControlFailure;
import io.frontier.store.wire.Decision;
import io.frontier.store.wire.ExitStatus;
import io.frontier.store.wire.Prepare;
import io.frontier.store.wire.Stats;
import io.frontier.store.wire.StatsAck;
import io.frontier.store.wire.Tags;
import io.frontier.store.wire.Vote;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** A control failure anywhere stops the whole job with exit code 70, after an orderly shutdown. */
@Timeout(20)
class ControlFailureTest {

    /** Root never probes in time, so only the injected failure can end the job. */
    private static final TerminationSettings NO_PROBE = new TerminationSettings(Duration.ofSeconds(30),
            Duration.ofMillis(20), Duration.ofSeconds(2), Duration.ofSeconds(3), Duration.ofSeconds(2),
            Duration.ofSeconds(2));

    private static void assertEveryRankStoppedWithSeventyAfterEveryWorkerAcknowledged(LoopbackJob job) {
        for (int rank = 0; rank < job.topology.coordinators(); rank++) {
            Outcome outcome = job.outcome(rank);
            assertThat(outcome.ending()).isEqualTo(Ending.STOPPED);
            assertThat(outcome.exitCode()).isEqualTo(70);
            assertThat(outcome.clean()).isTrue();
            assertThat(outcome.workerAcks().keySet()).containsExactlyInAnyOrderElementsOf(job.topology.workersOf(rank));
            for (int worker : job.topology.workersOf(rank)) {
                assertThat(job.acknowledged(worker)).isTrue();
            }
        }
        assertThat(job.outcome(0).coordinatorStats().values()).extracting(Stats::exit)
                .hasSize(job.topology.coordinators()).containsOnly(ExitStatus.CONTROL_FAILURE);
        assertThat(job.store.executedAtQuiescence()).isNull();
    }

    @ParameterizedTest(name = "failure at rank {0}")
    @ValueSource(ints = {0, 2})
    void aControlFailureAtAnyCoordinatorEndsEveryRankWithSeventyAfterEveryWorkerAcknowledged(int failing)
            throws Exception {
        LoopbackJob job = new LoopbackJob(3, 6, LoopbackJob.FAST);
        job.frontier(failing).publish("bad-seed");
        job.frontier(failing).corrupt("bad-seed");
        job.frontier(1).publish("good-seed");

        job.start();
        Duration took = job.awaitEnd(Duration.ofSeconds(10));

        assertThat(took).isLessThan(Duration.ofSeconds(3));
        assertEveryRankStoppedWithSeventyAfterEveryWorkerAcknowledged(job);
        assertThat(job.outcome(0).reason()).startsWith("rank " + failing + ": corpus object does not match its name")
                .contains("input=bad-seed");
        assertThat(job.outcome(2).reason()).isEqualTo(job.outcome(0).reason());
    }

    @ParameterizedTest(name = "garbage from rank {0} to rank {1} on tag {2}")
    @CsvSource({"1, 0, " + Tags.VOTE, "2, 0, " + Tags.STATS, "0, 1, " + Tags.DECISION, "0, 2, " + Tags.PREPARE,
                "4, 1, " + Tags.SHUTDOWN_ACK})
    void garbageOnATerminationTagIsAControlFailureNamingItsSender(int from, int to, int tag) throws Exception {
        LoopbackJob job = new LoopbackJob(3, 3, NO_PROBE);
        job.start();

        job.transport(from).send(to, tag, new byte[] {(byte) 0xc3, 0x28, '{', 0});
        job.awaitEnd(Duration.ofSeconds(10));

        assertEveryRankStoppedWithSeventyAfterEveryWorkerAcknowledged(job);
        assertThat(job.outcome(to).failures().get(0)).contains("rank " + to + ": ")
                .contains("source=" + from).contains("tag=" + tag);
        assertThat(job.outcome(0).reason()).contains("rank " + to).contains("source=" + from);
    }

    @Test
    void aFailureReportedAfterCommitIsAnsweredWithAStopAndMakesTheJobExitSeventy() throws Exception {
        // Root and its worker 2 are real; coordinator 1 and its worker 3 are played here.
        LoopbackJob job = new LoopbackJob(2, 2, LoopbackJob.FAST).scripted(1, 3);
        job.start();
        Prepare prepare = job.expect(1, Tags.PREPARE, Prepare.class);
        job.send(1, 0, Tags.VOTE, new Vote(prepare.round(), prepare.probe(), 1, true));
        assertThat(job.expect(1, Tags.DECISION, Decision.class).kind()).isEqualTo(Decision.Kind.COMMIT);

        job.send(1, 0, Tags.CONTROL_FAILURE, new ControlFailure(1, "stage directory is not empty", Map.of()));
        Decision stop = job.expect(1, Tags.DECISION, Decision.class);
        job.send(1, 0, Tags.STATS, new Stats(1, ExitStatus.CONTROL_FAILURE, 0, Map.of(), List.of(), List.of(3), Map.of()));
        StatsAck release = job.expect(1, Tags.STATS_ACK, StatsAck.class);
        job.awaitEnd(Duration.ofSeconds(5));

        assertThat(stop.kind()).isEqualTo(Decision.Kind.STOP);
        assertThat(stop.reason()).isEqualTo("rank 1: stage directory is not empty");
        assertThat(release.exit()).isEqualTo(ExitStatus.CONTROL_FAILURE);
        Outcome root = job.outcome(0);
        assertThat(root.ending()).isEqualTo(Ending.COMMITTED);
        assertThat(root.exitCode()).isEqualTo(70);
        assertThat(root.failures()).containsExactly("rank 1: stage directory is not empty");
    }
}
