package io.frontier.coordinator.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class LookaheadTest {

    private static final List<String> SYMCC = List.of("symcc");
    private static final List<String> HYBRID = List.of("symcc", "afl");

    @Test
    void beforeAnyExecutionEndedAClaimTakesWhatTheOpenPlacesTake() {
        Lookahead size = new Lookahead(8, 2, SYMCC);

        assertThat(size.claimSize(4)).isEqualTo(4);
        assertThat(size.claimSize(1)).isEqualTo(1);
    }

    @Test
    void shortExecutionsFillTheWholeBatchAndLongOnesOnlyTheOpenPlaces() {
        Lookahead fast = new Lookahead(8, 2, SYMCC);
        Lookahead slow = new Lookahead(8, 2, List.of("afl"));
        for (int i = 0; i < 20; i++) {
            fast.executed("symcc", 100);
            slow.executed("afl", 10_000);
        }

        assertThat(fast.claimSize(1)).as("1 s of 100-ms executions on 2 workers is 20 items, capped").isEqualTo(8);
        assertThat(slow.claimSize(1)).isEqualTo(1);
        assertThat(slow.claimSize(3)).isEqualTo(3);
    }

    @Test
    void theHorizonCountsEveryWorkerOfTheCoordinator() {
        Lookahead size = new Lookahead(16, 4, SYMCC);
        size.executed("symcc", 500);

        assertThat(size.claimSize(1)).as("1 s of 500-ms executions on 4 workers is 8 items ahead").isEqualTo(9);
    }

    @Test
    void aKindsMeanFollowsAChangeOfItsRunTimesWithinTwentyExecutions() {
        Lookahead size = new Lookahead(8, 2, SYMCC);
        for (int i = 0; i < 20; i++) {
            size.executed("symcc", 10_000);
        }
        for (int i = 0; i < 20; i++) {
            size.executed("symcc", 100);
        }

        assertThat(size.claimSize(1)).isEqualTo(8);
    }

    @Test
    void withSeveralKindsTheOpenPlacesOnlyUntilEachHasRunAndThenTheSlowestDecides() {
        Lookahead size = new Lookahead(8, 2, HYBRID);
        for (int i = 0; i < 20; i++) {
            size.executed("symcc", 100);
        }
        assertThat(size.claimSize(1)).as("AFL++ has not run: its items could be 10 s each").isEqualTo(1);

        size.executed("afl", 10_000);
        assertThat(size.claimSize(2)).isEqualTo(2);

        for (int i = 0; i < 20; i++) {
            size.executed("afl", 100);
        }
        assertThat(size.claimSize(1)).as("both kinds fast now").isEqualTo(8);
    }

    @Test
    void aBusyWorkerIsAssignedAheadAtTheStartAndThenOnlyOnceEveryKindHasRunWhileTheSlowestEndsWithinTheHorizon() {
        Lookahead lookahead = new Lookahead(8, 2, HYBRID);
        assertThat(lookahead.assignsAhead()).as("nothing has run: the seeds are pending").isTrue();
        lookahead.executed("symcc", 300);
        assertThat(lookahead.assignsAhead()).as("AFL++ has not run").isFalse();
        lookahead.executed("afl", 1900);
        assertThat(lookahead.assignsAhead()).isTrue();
        lookahead.executed("afl", 10_000);
        assertThat(lookahead.assignsAhead()).as("AFL++'s mean is now above two seconds").isFalse();
    }

    @Test
    void aBatchOrWorkerCountBelowOneOrNoKindIsRefused() {
        assertThatThrownBy(() -> new Lookahead(0, 2, SYMCC)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("claim batch and workers");
        assertThatThrownBy(() -> new Lookahead(8, 0, SYMCC)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Lookahead(8, 2, List.of())).isInstanceOf(IllegalArgumentException.class);
    }
}
