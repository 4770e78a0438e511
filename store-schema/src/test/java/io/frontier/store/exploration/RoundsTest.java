package io.frontier.store.exploration;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.wire.ExecutorKind;
import java.util.List;
import org.junit.jupiter.api.Test;

class RoundsTest {

    private static final Rounds HYBRID = new Rounds(ExplorationPolicy.DEFAULT,
            List.of(ExecutorKind.SYMCC, ExecutorKind.AFL));

    @Test
    void inAHybridCampaignOnlyANewTierZeroInputAflFoundStandsAheadOfTierZero() {
        assertThat(HYBRID.claimOrderOfNew(ExecutorKind.AFL, Tier.NEW_COVERAGE)).isEqualTo(ClaimOrder.GATE);
        assertThat(HYBRID.claimOrderOfNew(ExecutorKind.SYMCC, Tier.NEW_COVERAGE)).isEqualTo(ClaimOrder.NEW_COVERAGE);
        assertThat(HYBRID.claimOrderOfNew(ExecutorKind.AFL, Tier.REDUNDANT)).isEqualTo(ClaimOrder.REDUNDANT);
    }

    @Test
    void withoutARepeatKindNoNewInputStandsAheadOfTierZero() {
        ExplorationPolicy noRepeats = ExplorationPolicy.DEFAULT.withRounds(8, 8, List.of());
        Rounds withoutRepeats = new Rounds(noRepeats, List.of(ExecutorKind.SYMCC, ExecutorKind.AFL));
        Rounds aflAlone = new Rounds(ExplorationPolicy.DEFAULT, List.of(ExecutorKind.AFL));

        assertThat(withoutRepeats.claimOrderOfNew(ExecutorKind.AFL, Tier.NEW_COVERAGE)).isEqualTo(ClaimOrder.NEW_COVERAGE);
        assertThat(aflAlone.claimOrderOfNew(ExecutorKind.AFL, Tier.NEW_COVERAGE)).isEqualTo(ClaimOrder.NEW_COVERAGE);
    }
}
