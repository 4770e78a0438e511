package io.frontier.store.exploration;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TierTest {

    @Test
    void inTierZeroMoreNewEdgesRankFirstThenTheSmallerAndShallowerInputByTheLogarithmOfSizeTimesDepth() {
        assertThat(Tier.rank(Tier.NEW_COVERAGE, 3, 1024, 1)).isLessThan(Tier.rank(Tier.NEW_COVERAGE, 3, 64, 60));
        assertThat(Tier.rank(Tier.NEW_COVERAGE, 3, 64, 60)).isLessThan(Tier.rank(Tier.NEW_COVERAGE, 3, 4096, 1));
        assertThat(Tier.rank(Tier.NEW_COVERAGE, 9, 4000, 30)).isLessThan(Tier.rank(Tier.NEW_COVERAGE, 3, 10, 0));
        assertThat(Tier.rank(Tier.NEW_COVERAGE, 3, 10, 1)).isLessThan(Tier.rank(Tier.NEW_COVERAGE, 3, 4000, 1));
        assertThat(Tier.rank(Tier.NEW_COVERAGE, 3, 100, 1)).isLessThan(Tier.rank(Tier.NEW_COVERAGE, 3, 100, 9));
        assertThat(Tier.rank(Tier.NEW_COVERAGE, 1_000_000, 1 << 20, 1 << 20))
                .isLessThan(Tier.rank(Tier.NEW_COVERAGE, 1, 0, 0));
    }

    @Test
    void atDepthZeroTheRankIsTheOneSizeAloneGaveSoPendingItemsKeepTheirKeys() {
        int edgeClasses = 16;
        int places = 65;
        assertThat(Tier.rank(Tier.NEW_COVERAGE, 5, 100, 0)).isEqualTo((edgeClasses - 3) * places + 7);
        assertThat(Tier.rank(Tier.REDUNDANT, 0, 100, 0)).isEqualTo(7);
        assertThat(Tier.rank(Tier.REDUNDANT, 0, Long.MAX_VALUE, 0)).isEqualTo(63);
    }

    @Test
    void theHugestAndDeepestInputsShareTheLastPlaceInsteadOfSpillingIntoTheNextEdgeClass() {
        assertThat(Tier.rank(Tier.NEW_COVERAGE, 2, Long.MAX_VALUE, Integer.MAX_VALUE))
                .isLessThan(Tier.rank(Tier.NEW_COVERAGE, 1, 0, 0));
        assertThat(Tier.rank(Tier.REDUNDANT, 0, Long.MAX_VALUE, Integer.MAX_VALUE)).isEqualTo(64);
    }

    @Test
    void edgeCountsOfOneBitLengthShareARankSoClaimersSpread() {
        assertThat(Tier.rank(Tier.NEW_COVERAGE, 4, 100, 2)).isEqualTo(Tier.rank(Tier.NEW_COVERAGE, 7, 100, 2));
        assertThat(Tier.rank(Tier.NEW_COVERAGE, 4, 64, 2)).isEqualTo(Tier.rank(Tier.NEW_COVERAGE, 4, 127, 3));
    }

    @Test
    void belowTierZeroOnlyTheSizeAndDepthRank() {
        assertThat(Tier.rank(Tier.REDUNDANT, 0, 10, 1)).isLessThan(Tier.rank(Tier.REDUNDANT, 0, 4000, 1));
        assertThat(Tier.rank(Tier.REDUNDANT, 0, 10, 1)).isLessThan(Tier.rank(Tier.REDUNDANT, 0, 10, 4));
        assertThat(Tier.rank(Tier.REPEAT, 50, 10, 1)).isEqualTo(Tier.rank(Tier.REPEAT, 0, 10, 1));
        assertThat(Tier.rank(Tier.RETRY, 0, 0, 0)).isZero();
    }
}
