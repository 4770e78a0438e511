package io.frontier.coordinator.overdue;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.coordinator.assignment.ActiveAssignment;
import io.frontier.coordinator.assignment.ActiveAssignments;
import io.frontier.store.corpus.Digest;
import io.frontier.store.corpus.StageLocation;
import io.frontier.store.exploration.Tier;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.Token;
import io.frontier.store.wire.ExecutorKind;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class OverdueWatchTest {

    private static final long EPOCH = 3;
    /** Unix milliseconds of the first ASSIGN. */
    private static final long T0 = 1_800_000_000_000L;
    private static final Duration TIME_LIMIT = Duration.ofSeconds(5);
    private static final Duration SLICE = Duration.ofSeconds(60);

    private final OverdueWatch watch = new OverdueWatch(TIME_LIMIT, SLICE);

    @Test
    void anAssignmentIsOverdueOnlyOnceItsTimeLimitAndTheGraceFloorHavePassed() {
        ActiveAssignment assignment = sent(7, ExecutorKind.SYMCC, 1, T0);
        long deadline = T0 + TIME_LIMIT.plus(OverdueWatch.GRACE_FLOOR).toMillis();

        assertThat(watch.overdue(List.of(assignment), deadline)).isEmpty();
        List<Overdue> late = watch.overdue(List.of(assignment), deadline + 1);

        assertThat(late).singleElement().satisfies(overdue -> {
            assertThat(overdue.worker()).isEqualTo(7);
            assertThat(overdue.assignment()).isEqualTo(assignment);
            assertThat(overdue.limit()).isEqualTo(TIME_LIMIT);
            assertThat(overdue.grace()).isEqualTo(OverdueWatch.GRACE_FLOOR);
            assertThat(overdue.outSeconds(deadline + 1)).isEqualTo(35);
        });
    }

    @Test
    void anItemsTimeLimitFactorLengthensItsLimit() {
        ActiveAssignment repeat = sent(7, ExecutorKind.SYMCC, 3, T0);

        assertThat(watch.limitOf(repeat)).isEqualTo(Duration.ofSeconds(15));
        assertThat(watch.overdue(List.of(repeat), T0 + 45_000)).isEmpty();
        assertThat(watch.overdue(List.of(repeat), T0 + 45_001)).hasSize(1);
    }

    @Test
    void aSessionSliceIsGivenItsLengthAndAsLongAGrace() {
        ActiveAssignment slice = sent(7, ExecutorKind.AFL_SESSION, 1, T0);

        assertThat(watch.limitOf(slice)).isEqualTo(SLICE);
        assertThat(OverdueWatch.graceFor(SLICE)).isEqualTo(SLICE);
        assertThat(watch.overdue(List.of(slice), T0 + 120_000)).isEmpty();
        assertThat(watch.overdue(List.of(slice), T0 + 120_001)).hasSize(1);
    }

    @Test
    void theGraceNeverFallsBelowItsFloor() {
        assertThat(OverdueWatch.graceFor(Duration.ofMillis(1))).isEqualTo(OverdueWatch.GRACE_FLOOR);
        assertThat(OverdueWatch.graceFor(Duration.ofMinutes(10))).isEqualTo(Duration.ofMinutes(10));
    }

    @Test
    void anAssignmentWaitingBehindAnotherCountsFromTheWorkersPreviousResult() {
        ActiveAssignments assignments = new ActiveAssignments(2);
        assignments.add(sent(7, ExecutorKind.SYMCC, 1, T0));
        ActiveAssignment next = sent(7, ExecutorKind.SYMCC, 1, T0 + 10);
        assignments.add(next);
        long answered = T0 + 30_000;
        assignments.take(7);
        watch.answered(7, answered);

        assertThat(assignments.oldest()).containsExactly(next);
        assertThat(watch.overdue(assignments.oldest(), answered + 35_000)).isEmpty();
        assertThat(watch.overdue(assignments.oldest(), answered + 35_001)).singleElement()
                .satisfies(overdue -> assertThat(overdue.sinceMillis()).isEqualTo(answered));
    }

    @Test
    void onlyTheWorkerThatIsLateIsNamed() {
        ActiveAssignment late = sent(7, ExecutorKind.SYMCC, 1, T0);
        ActiveAssignment recent = sent(8, ExecutorKind.SYMCC, 1, T0 + 20_000);

        assertThat(watch.overdue(List.of(late, recent), T0 + 40_000)).extracting(Overdue::worker).containsExactly(7);
    }

    @Test
    void writingOffAWorkerTakesEveryAssignmentItHolds() {
        ActiveAssignments assignments = new ActiveAssignments(2);
        ActiveAssignment first = sent(7, ExecutorKind.SYMCC, 1, T0);
        ActiveAssignment second = sent(7, ExecutorKind.SYMCC, 1, T0 + 10);
        ActiveAssignment other = sent(8, ExecutorKind.SYMCC, 1, T0 + 20);
        List.of(first, second, other).forEach(assignments::add);

        assertThat(assignments.takeAll(7)).containsExactly(first, second);

        assertThat(assignments.size()).isEqualTo(1);
        assertThat(assignments.isBusy(7)).isFalse();
        assertThat(assignments.take(7)).isEmpty();
        assertThat(assignments.oldest()).containsExactly(other);
    }

    /** An assignment of a fresh item to {@code worker}, sent at {@code sentMillis}. */
    private static ActiveAssignment sent(int worker, String executor, int limitFactor, long sentMillis) {
        ResultId result = ResultId.random();
        return new ActiveAssignment(Digest.of(new byte[Digest.BYTES]), Token.random(), result, EPOCH, worker, executor,
                1, new StageLocation(EPOCH, worker, result.hex()), sentMillis / 1000.0, limitFactor, Tier.NEW_COVERAGE);
    }
}
