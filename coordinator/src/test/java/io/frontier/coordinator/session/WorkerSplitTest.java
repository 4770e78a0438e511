package io.frontier.coordinator.session;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WorkerSplitTest {

    @Test
    void targetIsEvenUntilBothSidesAreMeasured() {
        WorkerSplit split = new WorkerSplit();
        split.committed(true, 10, 50, 0);
        split.committed(false, 1, 0, 0);

        assertThat(split.target(1)).isEqualTo(0.5);
    }

    @Test
    void targetFollowsYieldWithinTheFloors() {
        WorkerSplit split = new WorkerSplit();
        split.committed(true, 10, 10, 0);
        split.committed(false, 10, 30, 0);
        assertThat(split.target(0)).isEqualTo(0.25);

        WorkerSplit inputsOnly = new WorkerSplit();
        inputsOnly.committed(true, 10, 0, 0);
        inputsOnly.committed(false, 10, 30, 0);
        assertThat(inputsOnly.target(0)).isEqualTo(WorkerSplit.FLOOR);
    }

    @Test
    void aFreeWorkerFuzzesWhileFuzzingIsBelowItsTarget() {
        WorkerSplit split = new WorkerSplit();
        split.committed(true, 10, 10, 0);
        split.committed(false, 10, 30, 0);
        split.planned(true, 10, 0);
        split.planned(false, 10, 0);

        assertThat(split.fuzzShare(0)).isEqualTo(0.5);
        assertThat(split.fuzzNext(0)).isFalse();
    }

    @Test
    void beforeALowerTierFuzzingTakesAllButTheFloorWhateverTheYields() {
        WorkerSplit split = new WorkerSplit();
        split.committed(true, 10, 0, 0);
        split.committed(false, 10, 30, 0);
        split.planned(true, 80, 0);
        split.planned(false, 10, 0);

        assertThat(split.fuzzNext(0)).as("by yield, inputs should run").isFalse();
        assertThat(split.fuzzBeforeLowerTier(0)).as("80 of 90 s fuzzed, below 90%").isTrue();

        split.planned(true, 10, 0);
        assertThat(split.fuzzBeforeLowerTier(0)).as("90 of 100 s fuzzed: the lower tier's floor is due").isFalse();
    }
}
