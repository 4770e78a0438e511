package io.frontier.tools.bench;

/**
 * The comparison of two arms' edges at one checkpoint over their runs that the fuzzing
 * literature recommends for so noisy a measure: the one-sided Mann–Whitney U test and the
 * Vargha–Delaney effect size. A difference of medians alone cannot tell two arms that do the
 * same work apart from one that does worse.
 *
 * <p>The test is exact while the pooled runs number at most {@link #EXACT_MAX_POOLED_RUNS}: the
 * p value is the share of all splits of the pooled runs into two groups of the arms' sizes whose
 * U is at most the observed one, ties counted half, so ties and a handful of runs are handled
 * exactly. The splits are counted by their U (a subset-sum count over the pooled runs' midranks),
 * not enumerated, so 30 runs per arm cost about as little as 3. Beyond that bound the count of
 * splits no longer fits a {@code long}, and the p value is the normal approximation of U's
 * distribution over the same splits: mean {@code mn/2}, variance {@code mn/12 ((N+1) - Σ(t³-t) /
 * (N(N-1)))} over the sizes of the groups of tied runs {@code t}, with a continuity correction of
 * one half; at that size it is within a few thousandths of the exact p.
 */
final class RankTest {

    /**
     * The most pooled runs the exact test takes: the number of splits, C(N, m), stays within a
     * {@code long} up to N = 66, and 60 leaves a margin.
     */
    static final int EXACT_MAX_POOLED_RUNS = 60;

    private RankTest() {
    }

    /**
     * The probability, if {@code x} and {@code y} came from one distribution, of a U statistic of
     * {@code x} at most the observed one: small when {@code x} is below {@code y}.
     */
    static double pBelow(int[] x, int[] y) {
        return exact(x.length, y.length) ? exactPBelow(x, y) : approximatePBelow(x, y);
    }

    /** {@link #pBelow} by counting the splits, for at most {@link #EXACT_MAX_POOLED_RUNS} runs in all. */
    static double exactPBelow(int[] x, int[] y) {
        if (!exact(x.length, y.length)) {
            throw new IllegalArgumentException("the exact rank test takes at most " + EXACT_MAX_POOLED_RUNS
                    + " runs in all, got " + x.length + " and " + y.length);
        }
        int[] weights = doubledMidranks(pool(x, y));
        return exactAtMost(weights, x.length, observed(weights, x.length));
    }

    /** {@link #pBelow} by the normal approximation, for any number of runs. */
    static double approximatePBelow(int[] x, int[] y) {
        int[] pooled = pool(x, y);
        return normalAtMost(pooled, x.length, y.length, observed(doubledMidranks(pooled), x.length));
    }

    /** Whether {@link #pBelow} is exact for arms of {@code m} and {@code n} runs, not the normal approximation. */
    static boolean exact(int m, int n) {
        return m + n <= EXACT_MAX_POOLED_RUNS;
    }

    /**
     * The smallest p {@link #pBelow} can give for {@code runs} runs of each arm: that of every run
     * of one arm below every run of the other, one split of all. With 3 runs per arm it is 0.05.
     */
    static double smallestP(int runs) {
        double splits = 1;
        for (int k = 1; k <= runs; k++) {
            splits = splits * (runs + k) / k;
        }
        return 1 / splits;
    }

    /** The probability that a run of {@code x} beats one of {@code y}, a tie counting half. */
    static double a12(int[] x, int[] y) {
        long doubled = 0;
        for (int a : x) {
            for (int b : y) {
                doubled += Integer.compare(a, b) + 1;
            }
        }
        return doubled / (2.0 * x.length * y.length);
    }

    /** {@code x}'s runs, then {@code y}'s. */
    private static int[] pool(int[] x, int[] y) {
        if (x.length == 0 || y.length == 0) {
            throw new IllegalArgumentException("a rank test needs at least one run per arm, got " + x.length + " and "
                    + y.length);
        }
        int[] pooled = new int[x.length + y.length];
        System.arraycopy(x, 0, pooled, 0, x.length);
        System.arraycopy(y, 0, pooled, x.length, y.length);
        return pooled;
    }

    /** The sum of the first {@code m} doubled midranks: those of the runs of the arm tested. */
    private static long observed(int[] weights, int m) {
        long sum = 0;
        for (int i = 0; i < m; i++) {
            sum += weights[i];
        }
        return sum;
    }

    /**
     * Twice each run's midrank in {@code pooled} (1 for the lowest; tied runs share the mean of
     * their ranks), a whole number. For a group of m runs, twice U is the sum of its doubled
     * midranks less m(m+1).
     */
    private static int[] doubledMidranks(int[] pooled) {
        int[] doubled = new int[pooled.length];
        for (int i = 0; i < pooled.length; i++) {
            int below = 0;
            int tied = 0;
            for (int value : pooled) {
                if (value < pooled[i]) {
                    below++;
                } else if (value == pooled[i]) {
                    tied++;
                }
            }
            doubled[i] = 2 * below + tied + 1;
        }
        return doubled;
    }

    /**
     * The share of the m-run groups of the pooled runs whose doubled midranks sum to at most
     * {@code observed}: {@code splits[k][s]} counts the groups of k runs among those seen so far
     * with sum s.
     */
    private static double exactAtMost(int[] weights, int m, long observed) {
        int total = 0;
        for (int weight : weights) {
            total += weight;
        }
        long[][] splits = new long[m + 1][total + 1];
        splits[0][0] = 1;
        int reached = 0;
        for (int weight : weights) {
            reached += weight;
            for (int k = m; k >= 1; k--) {
                for (int sum = reached; sum >= weight; sum--) {
                    splits[k][sum] += splits[k - 1][sum - weight];
                }
            }
        }
        long atMost = 0;
        long all = 0;
        for (int sum = 0; sum <= total; sum++) {
            all += splits[m][sum];
            if (sum <= observed) {
                atMost += splits[m][sum];
            }
        }
        return (double) atMost / all;
    }

    /** The normal approximation of the same share, with the tie correction and a continuity correction. */
    private static double normalAtMost(int[] pooled, int m, int n, long observedRankSum) {
        double u = (observedRankSum - (long) m * (m + 1)) / 2.0;
        double pooledSize = m + n;
        double ties = 0;
        for (int i = 0; i < pooled.length; i++) {
            int tied = 0;
            boolean first = true;
            for (int j = 0; j < pooled.length; j++) {
                if (pooled[j] == pooled[i]) {
                    tied++;
                    first &= j >= i;
                }
            }
            if (first) {
                ties += (double) tied * tied * tied - tied;
            }
        }
        double variance = (double) m * n / 12 * ((pooledSize + 1) - ties / (pooledSize * (pooledSize - 1)));
        if (variance <= 0) {
            // Every run tied: every split has the same U, the observed one.
            return 1;
        }
        return standardNormalAtMost((u + 0.5 - m * (double) n / 2) / Math.sqrt(variance));
    }

    /**
     * Φ(z), through erfc of Abramowitz and Stegun's formula 7.1.26 (absolute error of erf below
     * 1.5e-7), ample for p values read to three decimals.
     */
    static double standardNormalAtMost(double z) {
        double x = Math.abs(z) / Math.sqrt(2);
        double t = 1 / (1 + 0.3275911 * x);
        double erfc = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
                * Math.exp(-x * x);
        return z >= 0 ? 1 - erfc / 2 : erfc / 2;
    }
}
