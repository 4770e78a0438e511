package io.frontier.coordinator.termination;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.coordinator.termination.Outcome.Ending;
import io.frontier.store.wire.Decision;
import io.frontier.store.wire.Decision.Kind;
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
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Messages that arrive late, twice or out of order: the test plays one side of the protocol by
 * hand against real ranks on the other side.
 */
@Timeout(20)
class StaleMessageTest {

    /**
     * Deadlines for votes and decisions far beyond anything this test waits for: the test thread
     * plays ranks, and however late it sends a vote or decision, what is checked is which messages
     * count, never a deadline ({@link BoundedWaitTest} checks those).
     */
    private static final TerminationSettings PATIENT = new TerminationSettings(Duration.ofMillis(20),
            Duration.ofMillis(20), Duration.ofSeconds(60), Duration.ofSeconds(90), Duration.ofSeconds(2),
            Duration.ofSeconds(2));

    private static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime() - deadline).as("condition not met within 5 s").isNegative();
            Thread.sleep(5);
        }
    }

    @Test
    void votesForAnEarlierProbeOrAnotherTokenAndRepeatedVotesDoNotCountTowardsCommit() throws Exception {
        // Root (rank 0) and its worker 3 are real; coordinators 1 and 2 and their workers are played here.
        LoopbackJob job = new LoopbackJob(3, 3, PATIENT).scripted(1, 2, 4, 5);
        job.start();

        Prepare first = job.expect(1, Tags.PREPARE, Prepare.class);
        assertThat(job.expect(2, Tags.PREPARE, Prepare.class)).isEqualTo(first);
        job.send(1, 0, Tags.VOTE, new Vote(first.round(), first.probe(), 1, false));
        job.send(2, 0, Tags.VOTE, new Vote(first.round(), first.probe(), 2, true));
        assertThat(job.expect(1, Tags.DECISION, Decision.class).kind()).isEqualTo(Kind.ABORT);
        assertThat(job.expect(2, Tags.DECISION, Decision.class).kind()).isEqualTo(Kind.ABORT);

        Prepare second = job.expect(1, Tags.PREPARE, Prepare.class);
        assertThat(job.expect(2, Tags.PREPARE, Prepare.class)).isEqualTo(second);
        assertThat(second.round()).isEqualTo(first.round() + 1);
        assertThat(second.probe()).isNotEqualTo(first.probe());
        job.send(2, 0, Tags.VOTE, new Vote(second.round(), second.probe(), 2, true));
        job.send(1, 0, Tags.VOTE, new Vote(first.round(), first.probe(), 1, true));
        job.send(1, 0, Tags.VOTE, new Vote(second.round(), second.probe() ^ 1, 1, true));
        job.send(2, 0, Tags.VOTE, new Vote(second.round(), second.probe(), 2, true));
        assertThat(job.poll(1, Tags.DECISION, Duration.ofMillis(300))).as("a decision without rank 1's vote").isEmpty();

        job.send(1, 0, Tags.VOTE, new Vote(second.round(), second.probe(), 1, true));
        Decision commit = job.expect(1, Tags.DECISION, Decision.class);
        assertThat(commit.kind()).isEqualTo(Kind.COMMIT);
        assertThat(commit.round()).isEqualTo(second.round());
        assertThat(job.expect(2, Tags.DECISION, Decision.class)).isEqualTo(commit);
        job.send(1, 0, Tags.STATS, new Stats(1, ExitStatus.QUIESCENT, 0, Map.of(), List.of(), List.of(4), Map.of()));
        job.send(2, 0, Tags.STATS, new Stats(2, ExitStatus.QUIESCENT, 0, Map.of(), List.of(), List.of(5), Map.of()));
        StatsAck release = job.expect(1, Tags.STATS_ACK, StatsAck.class);
        job.awaitEnd(Duration.ofSeconds(5));

        assertThat(release).isEqualTo(new StatsAck(ExitStatus.QUIESCENT, List.of(4, 5)));
        assertThat(job.expect(2, Tags.STATS_ACK, StatsAck.class)).isEqualTo(release);
        Outcome root = job.outcome(0);
        assertThat(root.ending()).isEqualTo(Ending.COMMITTED);
        assertThat(root.coordinatorStats()).containsOnlyKeys(0, 1, 2);
        assertThat(root.unanswered()).containsExactly(4, 5);
        assertThat(root.workerAcks()).containsOnlyKeys(3);
    }

    @Test
    void aPeerSkipsAPrepareWhoseDecisionOvertookItStaysFrozenThroughALateAbortAndCommitsTheRightRound()
            throws Exception {
        // Coordinator 1 and its worker 3 are real; root and its worker 2 are played here.
        LoopbackJob job = new LoopbackJob(2, 2, PATIENT).scripted(0, 2);
        job.start();

        job.send(0, 1, Tags.DECISION, new Decision(1, 11, Kind.ABORT, "rank 1 voted NO"));
        job.send(0, 1, Tags.PREPARE, new Prepare(1, 11));
        assertThat(job.poll(0, Tags.VOTE, Duration.ofMillis(300))).as("a vote for a decided probe").isEmpty();

        job.send(0, 1, Tags.PREPARE, new Prepare(2, 22));
        assertThat(job.expect(0, Tags.VOTE, Vote.class)).isEqualTo(new Vote(2, 22, 1, true));
        job.frontier(1).publish("published-while-frozen");
        Thread.sleep(200);
        assertThat(job.store.executed()).as("work taken while frozen").isEmpty();
        job.send(0, 1, Tags.DECISION, new Decision(2, 22, Kind.ABORT, "the store is not quiescent"));
        await(() -> job.store.executed().contains("published-while-frozen"));

        job.send(0, 1, Tags.PREPARE, new Prepare(3, 33));
        assertThat(job.expect(0, Tags.VOTE, Vote.class)).isEqualTo(new Vote(3, 33, 1, true));
        // Root decided round 3 and started round 4; its PREPARE overtakes the ABORT of round 3.
        job.send(0, 1, Tags.PREPARE, new Prepare(4, 44));
        assertThat(job.expect(0, Tags.VOTE, Vote.class)).isEqualTo(new Vote(4, 44, 1, true));
        job.send(0, 1, Tags.DECISION, new Decision(3, 33, Kind.ABORT, "rank 2 voted NO"));
        job.send(0, 1, Tags.DECISION, new Decision(4, 44, Kind.COMMIT, "quiescence confirmed in probe round 4"));

        Stats stats = job.expect(0, Tags.STATS, Stats.class);
        assertThat(stats.exit()).isEqualTo(ExitStatus.QUIESCENT);
        assertThat(stats.workers()).extracting(ShutdownAck::worker).containsExactly(3);
        job.send(0, 1, Tags.STATS_ACK, new StatsAck(ExitStatus.QUIESCENT, List.of()));
        job.awaitEnd(Duration.ofSeconds(5));

        Outcome peer = job.outcome(1);
        assertThat(peer.ending()).isEqualTo(Ending.COMMITTED);
        assertThat(peer.exit()).isEqualTo(ExitStatus.QUIESCENT);
        assertThat(peer.failures()).isEmpty();
        assertThat(peer.clean()).isTrue();
        assertThat(job.journal.count(e -> e.rank() == 1 && e.what().equals("sent VOTE"))).isEqualTo(3);
    }
}
