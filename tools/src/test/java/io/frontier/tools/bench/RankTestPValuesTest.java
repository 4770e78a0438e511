package io.frontier.tools.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RankTestPValuesTest {

    @Test
    void everyRunBelowEveryRunOfTheOtherArmIsOneSplitOfAll() {
        int[] low = {1, 2, 3};
        int[] high = {4, 5, 6};

        // C(6, 3) = 20 splits, and only the observed one has U = 0.
        assertThat(RankTest.pBelow(low, high)).isEqualTo(1.0 / 20);
        assertThat(RankTest.pBelow(high, low)).isEqualTo(1.0);
        assertThat(RankTest.smallestP(3)).isCloseTo(0.05, within(1e-12));
    }

    @Test
    void tiedRunsCountHalfAWinInTheExactTest() {
        // Pooled 1, 2, 2, 3; of the 6 splits into pairs, U of {1, 2} against {2, 3} is 0.5 (the tie),
        // and so is that of the other {1, 2}; {1, 3} and {2, 2} have U = 2, and {2, 3} twice 3.5.
        assertThat(RankTest.exactPBelow(new int[] {1, 2}, new int[] {2, 3})).isCloseTo(2.0 / 6, within(1e-12));
    }

    @Test
    void fiveRunsPerArmMatchTheTableOfExactCriticalValues() {
        // With 5 runs per arm, 12 of the C(10, 5) = 252 splits have U <= 4 and 19 have U <= 5
        // (partitions of U into at most 5 parts of at most 5): the one-sided 5% critical value is 4.
        int[] uOfFour = {1, 2, 3, 4, 9};
        int[] uOfFive = {1, 2, 3, 4, 10};
        int[] other = {5, 6, 7, 8, 109};

        assertThat(RankTest.pBelow(uOfFour, other)).isCloseTo(12.0 / 252, within(1e-12));
        assertThat(RankTest.pBelow(uOfFive, new int[] {5, 6, 7, 8, 9})).isCloseTo(19.0 / 252, within(1e-12));
    }

    @Test
    void countingSplitsByTheirUGivesWhatEnumeratingEverySplitGives() {
        Random random = new Random(35);
        for (int sample = 0; sample < 500; sample++) {
            int[] x = random.ints(1 + random.nextInt(7), 0, 6).toArray();
            int[] y = random.ints(1 + random.nextInt(7), 0, 6).toArray();

            assertThat(RankTest.exactPBelow(x, y)).as("x %s, y %s", Arrays.toString(x), Arrays.toString(y))
                    .isCloseTo(enumerated(x, y), within(1e-12));
        }
    }

    @Test
    void theNormalApproximationCorrectsForTiesAsComputedByHand() {
        // Pooled midranks: 3 -> 1; 5, 5, 5 -> 3; 7 -> 5; 8 -> 6; 9, 9 -> 7.5; 10 -> 9. R of x = 12,
        // U = 12 - 4 * 5 / 2 = 2, mean 4 * 5 / 2 = 10; ties of 3 and of 2 runs: sum of t^3 - t = 30;
        // variance 4 * 5 / 12 * (10 - 30 / (9 * 8)) = 15.9722; z = (2 + 0.5 - 10) / 3.99653 = -1.87663.
        double p = RankTest.approximatePBelow(new int[] {3, 5, 5, 7}, new int[] {5, 8, 9, 9, 10});

        assertThat(p).isCloseTo(0.030284, within(1e-5));
    }

    @Test
    void theStandardNormalMatchesItsTable() {
        assertThat(RankTest.standardNormalAtMost(0)).isCloseTo(0.5, within(1e-7));
        assertThat(RankTest.standardNormalAtMost(-1.959964)).isCloseTo(0.025, within(1e-6));
        assertThat(RankTest.standardNormalAtMost(-1.644854)).isCloseTo(0.05, within(1e-6));
        assertThat(RankTest.standardNormalAtMost(1)).isCloseTo(0.841345, within(1e-6));
    }

    @Test
    void theNormalApproximationIsCloseToTheExactTestWithTwelveRunsPerArm() {
        Random random = new Random(12);
        for (int sample = 0; sample < 50; sample++) {
            int[] x = random.ints(12, 100, 130).toArray();
            int[] y = random.ints(12, 105, 135).toArray();

            assertThat(RankTest.approximatePBelow(x, y)).as("x %s, y %s", Arrays.toString(x), Arrays.toString(y))
                    .isCloseTo(RankTest.exactPBelow(x, y), within(0.01));
        }
    }

    @Test
    void beyondSixtyPooledRunsTheTestIsTheApproximationAndStillTellsArmsApart() {
        int[] low = new int[31];
        int[] high = new int[31];
        Arrays.setAll(low, i -> 100 + i);
        Arrays.setAll(high, i -> 120 + i);
        int[] tied = new int[31];
        Arrays.fill(tied, 7);

        assertThat(RankTest.exact(31, 31)).isFalse();
        assertThat(RankTest.exact(30, 30)).isTrue();
        assertThat(RankTest.pBelow(low, high)).isEqualTo(RankTest.approximatePBelow(low, high)).isLessThan(1e-6);
        assertThat(RankTest.pBelow(high, low)).isGreaterThan(1 - 1e-6);
        assertThat(RankTest.pBelow(tied, tied)).isEqualTo(1.0);
        assertThatThrownBy(() -> RankTest.exactPBelow(low, high)).hasMessageContaining("at most 60 runs in all");
    }

    @Test
    void thirtyRunsPerArmAreTestedExactly() {
        int[] low = new int[30];
        int[] high = new int[30];
        Arrays.setAll(low, i -> i);
        Arrays.setAll(high, i -> 30 + i);

        // One split of C(60, 30) = 118264581564861424.
        assertThat(RankTest.pBelow(low, high)).isCloseTo(1 / 1.18264581564861424e17, within(1e-30));
    }

    /** The share of all splits whose U is at most the observed one, every split enumerated. */
    private static double enumerated(int[] x, int[] y) {
        int[] pooled = new int[x.length + y.length];
        System.arraycopy(x, 0, pooled, 0, x.length);
        System.arraycopy(y, 0, pooled, x.length, y.length);
        long observed = doubledU((1 << x.length) - 1, pooled);
        long atMost = 0;
        long splits = 0;
        for (int mask = 0; mask < 1 << pooled.length; mask++) {
            if (Integer.bitCount(mask) == x.length) {
                splits++;
                if (doubledU(mask, pooled) <= observed) {
                    atMost++;
                }
            }
        }
        return (double) atMost / splits;
    }

    private static long doubledU(int mask, int[] pooled) {
        long doubled = 0;
        for (int i = 0; i < pooled.length; i++) {
            for (int j = 0; j < pooled.length; j++) {
                if ((mask & 1 << i) != 0 && (mask & 1 << j) == 0) {
                    doubled += Integer.compare(pooled[i], pooled[j]) + 1;
                }
            }
        }
        return doubled;
    }
}
