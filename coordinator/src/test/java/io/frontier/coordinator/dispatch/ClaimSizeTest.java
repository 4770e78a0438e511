package io.frontier.coordinator.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ClaimSizeTest {

    @Test
    void beforeAnyExecutionEndedAClaimTakesWhatTheOpenPlacesTake() {
        ClaimSize size = new ClaimSize(8, 2);

        assertThat(size.wanted(4)).isEqualTo(4);
        assertThat(size.wanted(1)).isEqualTo(1);
    }

    @Test
    void shortExecutionsFillTheWholeBatchAndLongOnesOnlyTheOpenPlaces() {
        ClaimSize fast = new ClaimSize(8, 2);
        ClaimSize slow = new ClaimSize(8, 2);
        for (int i = 0; i < 20; i++) {
            fast.executed(100);
            slow.executed(10_000);
        }

        assertThat(fast.wanted(1)).as("1 s of 100-ms executions on 2 workers is 20 items, capped").isEqualTo(8);
        assertThat(slow.wanted(1)).isEqualTo(1);
        assertThat(slow.wanted(3)).isEqualTo(3);
    }

    @Test
    void theHorizonCountsEveryWorkerOfTheCoordinator() {
        ClaimSize size = new ClaimSize(16, 4);
        size.executed(500);

        assertThat(size.wanted(1)).as("1 s of 500-ms executions on 4 workers is 8 items ahead").isEqualTo(9);
    }

    @Test
    void theMeanFollowsAChangeOfExecutorWithinTwentyExecutions() {
        ClaimSize size = new ClaimSize(8, 2);
        for (int i = 0; i < 20; i++) {
            size.executed(10_000);
        }
        for (int i = 0; i < 20; i++) {
            size.executed(100);
        }

        assertThat(size.wanted(1)).isEqualTo(8);
    }

    @Test
    void aBatchOrWorkerCountBelowOneIsRefused() {
        assertThatThrownBy(() -> new ClaimSize(0, 2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("claim batch and workers");
        assertThatThrownBy(() -> new ClaimSize(8, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
