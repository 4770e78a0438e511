package io.frontier.coordinator.termination;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.coordinator.termination.Outcome.Ending;
import java.time.Duration;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Root's final store check has the last word: every YES is not enough. */
@Timeout(20)
class GlobalCheckTest {

    @ParameterizedTest(name = "{0} coordinators")
    @ValueSource(ints = {1, 2})
    void aStoreThatIsNotQuiescentAfterEveryYesAbortsTheProbeWithoutShutdownAndALaterProbeCommits(int coordinators)
            throws Exception {
        LoopbackJob job = new LoopbackJob(coordinators, 2, LoopbackJob.FAST);
        job.store.refuseNext(1);

        job.start();
        job.awaitEnd(Duration.ofSeconds(10));

        assertThat(job.store.checks()).isEqualTo(2);
        int refused = job.journal.first(e -> e.what().equals("check not quiescent"));
        int confirmed = job.journal.first(e -> e.what().equals("check quiescent"));
        int firstShutdown = job.journal.first(e -> e.what().equals("sent SHUTDOWN"));
        assertThat(refused).isNotNegative().isLessThan(confirmed);
        assertThat(firstShutdown).isGreaterThan(confirmed);
        if (coordinators > 1) {
            assertThat(job.journal.events().subList(refused, confirmed))
                    .anyMatch(e -> e.what().equals("sent DECISION") && e.detail().contains("\"ABORT\""))
                    .anyMatch(e -> e.what().equals("sent PREPARE"));
        }
        for (int rank = 0; rank < coordinators; rank++) {
            assertThat(job.outcome(rank).ending()).isEqualTo(Ending.COMMITTED);
            assertThat(job.outcome(rank).exitCode()).isZero();
        }
    }
}
