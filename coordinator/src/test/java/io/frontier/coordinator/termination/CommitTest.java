package io.frontier.coordinator.termination;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.coordinator.termination.Outcome.Ending;
import io.frontier.store.wire.ExitStatus;
import io.frontier.store.wire.ShutdownAck;
import io.frontier.store.wire.Stats;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Whole jobs of real protocol ranks that run out of work and end by COMMIT. */
@Timeout(20)
class CommitTest {

    @ParameterizedTest(name = "{0} coordinators, {1} workers")
    @CsvSource({"1, 2", "2, 6", "3, 6"})
    void everyRankEndsAfterCommitWithOneAckFromEveryWorkerAndRootHoldsEveryCoordinatorsStats(
            int coordinators, int workers) throws Exception {
        LoopbackJob job = new LoopbackJob(coordinators, workers, LoopbackJob.FAST);
        List<String> seeds = new ArrayList<>();
        for (int rank = 0; rank < coordinators; rank++) {
            for (int seed = 0; seed < 3; seed++) {
                seeds.add("seed-" + rank + "-" + seed);
                job.frontier(rank).publish(seeds.get(seeds.size() - 1));
            }
        }

        job.start();
        Duration took = job.awaitEnd(Duration.ofSeconds(10));

        assertThat(took).isLessThan(Duration.ofSeconds(3));
        assertThat(job.store.executedAtQuiescence()).containsExactlyInAnyOrderElementsOf(seeds);
        assertThat(job.store.executed()).containsExactlyInAnyOrderElementsOf(seeds);
        for (int rank = 0; rank < coordinators; rank++) {
            Outcome outcome = job.outcome(rank);
            List<Integer> group = job.topology.workersOf(rank);
            assertThat(outcome.ending()).isEqualTo(Ending.COMMITTED);
            assertThat(outcome.exit()).isEqualTo(ExitStatus.QUIESCENT);
            assertThat(outcome.clean()).isTrue();
            assertThat(outcome.failures()).isEmpty();
            assertThat(outcome.workerAcks().keySet()).containsExactlyInAnyOrderElementsOf(group);
            assertThat(outcome.missingWorkers()).isEmpty();
            for (int worker : group) {
                int destination = worker;
                assertThat(job.acknowledged(worker)).isTrue();
                assertThat(job.journal.count(e -> e.what().equals("sent SHUTDOWN")
                        && e.detail().startsWith("to " + destination + " "))).isEqualTo(1);
                assertThat(job.journal.count(e -> e.rank() == destination && e.what().equals("sent SHUTDOWN_ACK")))
                        .isEqualTo(1);
            }
        }
        Outcome root = job.outcome(0);
        assertThat(root.coordinatorStats()).hasSize(coordinators);
        for (int rank = 0; rank < coordinators; rank++) {
            Stats stats = root.coordinatorStats().get(rank);
            assertThat(stats.rank()).isEqualTo(rank);
            assertThat(stats.exit()).isEqualTo(ExitStatus.QUIESCENT);
            assertThat(stats.figures()).containsEntry("executions", 3L);
            assertThat(stats.workers()).extracting(ShutdownAck::worker)
                    .containsExactlyInAnyOrderElementsOf(job.topology.workersOf(rank));
        }
    }

    @Test
    void aCoordinatorThatRejectedResultsMakesEveryRankExitWithOne() throws Exception {
        LoopbackJob job = new LoopbackJob(3, 3, LoopbackJob.FAST);
        job.frontier(2).reportInvalidResults(4);

        job.start();
        job.awaitEnd(Duration.ofSeconds(10));

        for (int rank = 0; rank < 3; rank++) {
            assertThat(job.outcome(rank).ending()).isEqualTo(Ending.COMMITTED);
            assertThat(job.outcome(rank).exitCode()).isEqualTo(1);
        }
        assertThat(job.outcome(0).coordinatorStats().get(2).invalidResults()).isEqualTo(4);
        assertThat(job.outcome(0).coordinatorStats().get(1).exit()).isEqualTo(ExitStatus.QUIESCENT);
    }

    @Test
    void aJobThatDrainedEndsStoppedAtEveryRankEvenWithInvalidResults() throws Exception {
        LoopbackJob job = new LoopbackJob(3, 3, LoopbackJob.FAST);
        job.frontier(1).reportInvalidResults(2);
        job.store.drainAtTheEnd();

        job.start();
        job.awaitEnd(Duration.ofSeconds(10));

        for (int rank = 0; rank < 3; rank++) {
            assertThat(job.outcome(rank).ending()).isEqualTo(Ending.COMMITTED);
            assertThat(job.outcome(rank).exit()).as("rank %d", rank).isEqualTo(ExitStatus.STOPPED);
            assertThat(job.outcome(rank).exitCode()).isEqualTo(75);
        }
    }
}
