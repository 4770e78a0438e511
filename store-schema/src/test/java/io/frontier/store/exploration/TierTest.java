package io.frontier.store.exploration;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TierTest {

    @Test
    void inTierZeroMoreNewEdgesRankFirstThenTheSmallerInput() {
        assertThat(Tier.rank(Tier.NEW_COVERAGE, 9, 4000)).isLessThan(Tier.rank(Tier.NEW_COVERAGE, 3, 10));
        assertThat(Tier.rank(Tier.NEW_COVERAGE, 3, 10)).isLessThan(Tier.rank(Tier.NEW_COVERAGE, 3, 4000));
        assertThat(Tier.rank(Tier.NEW_COVERAGE, 1_000_000, 1 << 20))
                .isLessThan(Tier.rank(Tier.NEW_COVERAGE, 1, 0));
    }

    @Test
    void edgeCountsOfOneBitLengthShareARankSoClaimersSpread() {
        assertThat(Tier.rank(Tier.NEW_COVERAGE, 4, 100)).isEqualTo(Tier.rank(Tier.NEW_COVERAGE, 7, 100));
        assertThat(Tier.rank(Tier.NEW_COVERAGE, 4, 64)).isEqualTo(Tier.rank(Tier.NEW_COVERAGE, 4, 127));
    }

    @Test
    void belowTierZeroOnlyTheSizeRanks() {
        assertThat(Tier.rank(Tier.REDUNDANT, 0, 10)).isLessThan(Tier.rank(Tier.REDUNDANT, 0, 4000));
        assertThat(Tier.rank(Tier.REPEAT, 50, 10)).isEqualTo(Tier.rank(Tier.REPEAT, 0, 10));
        assertThat(Tier.rank(Tier.RETRY, 0, 0)).isZero();
    }
}
