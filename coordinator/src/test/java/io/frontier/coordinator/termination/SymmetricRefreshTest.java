package io.frontier.coordinator.termination;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.coordinator.termination.Journal.Event;
import io.frontier.coordinator.termination.Outcome.Ending;
import java.time.Duration;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The predecessor's bug: root probed without the refresh its peers ran, so an input published
 * at the last moment was left for a later campaign. Inputs here are published after the loop's
 * last periodic rescan, so only the protocol's refresh can find them.
 */
@Timeout(20)
class SymmetricRefreshTest {

    private static Predicate<Event> sent(int rank, String what) {
        return e -> e.rank() == rank && e.what().equals("sent " + what);
    }

    private static Predicate<Event> executed(String input) {
        return e -> e.what().equals("executed") && e.detail().equals(input);
    }

    @ParameterizedTest(name = "{0} coordinators")
    @ValueSource(ints = {1, 2, 3})
    void anInputPublishedJustBeforeRootsProbeIsFoundByItsRefreshAndExecutedBeforeAnyPrepare(int coordinators)
            throws Exception {
        LoopbackJob job = new LoopbackJob(coordinators, coordinators, LoopbackJob.FAST);
        job.frontier(0).rescanOnlyInRefresh();
        job.frontier(0).publish("late-seed");

        job.start();
        job.awaitEnd(Duration.ofSeconds(10));

        assertThat(job.store.executedAtQuiescence()).containsExactly("late-seed");
        int execution = job.journal.first(executed("late-seed"));
        assertThat(execution).isNotNegative();
        // Root went BUSY: no PREPARE and no global check in the window whose refresh found the input.
        assertThat(job.journal.events().subList(0, execution))
                .noneMatch(sent(0, "PREPARE"))
                .noneMatch(e -> e.what().startsWith("check"));
        assertThat(job.frontier(0).refreshes()).isGreaterThanOrEqualTo(2);
        for (int rank = 0; rank < coordinators; rank++) {
            assertThat(job.outcome(rank).ending()).isEqualTo(Ending.COMMITTED);
            assertThat(job.outcome(rank).exitCode()).isZero();
        }
    }

    @Test
    void anInputAPeerFindsWhenPreparedMakesItVoteNoAndIsExecutedBeforeCommit() throws Exception {
        LoopbackJob job = new LoopbackJob(3, 3, LoopbackJob.FAST);
        job.frontier(2).rescanOnlyInRefresh();
        job.frontier(2).publish("peer-seed");

        job.start();
        job.awaitEnd(Duration.ofSeconds(10));

        int no = job.journal.first(e -> sent(2, "VOTE").test(e) && e.detail().contains("\"yes\":false"));
        int abort = job.journal.first(e -> sent(0, "DECISION").test(e) && e.detail().contains("\"ABORT\""));
        int execution = job.journal.first(executed("peer-seed"));
        int commit = job.journal.first(e -> sent(0, "DECISION").test(e) && e.detail().contains("\"COMMIT\""));
        assertThat(no).isNotNegative();
        assertThat(abort).isGreaterThan(no);
        assertThat(execution).isGreaterThan(no);
        assertThat(commit).isGreaterThan(execution);
        assertThat(job.store.executedAtQuiescence()).containsExactly("peer-seed");
        assertThat(job.outcome(0).ending()).isEqualTo(Ending.COMMITTED);
    }

    @Test
    void rootTakesNoWorkWhileItsProbeIsOutSoAnInputPublishedAfterPrepareWaitsForTheNextCampaign()
            throws Exception {
        LoopbackJob job = new LoopbackJob(2, 2, LoopbackJob.FAST);
        // While rank 1 refreshes for the first probe, root is frozen: give its loop time to misbehave.
        job.frontier(1).onRefresh(1, () -> {
            job.frontier(0).publish("after-prepare");
            sleep(150);
        });

        job.start();
        job.awaitEnd(Duration.ofSeconds(10));

        assertThat(job.outcome(0).ending()).isEqualTo(Ending.COMMITTED);
        assertThat(job.journal.count(sent(0, "PREPARE"))).isEqualTo(1);
        assertThat(job.store.executed()).doesNotContain("after-prepare");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
