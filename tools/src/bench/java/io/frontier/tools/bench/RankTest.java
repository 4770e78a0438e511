package io.frontier.tools.bench;

/**
 * The comparison of two arms' edges at one checkpoint over their runs that the fuzzing
 * literature recommends for so noisy a measure: the exact one-sided Mann–Whitney U test (by
 * enumerating every split of the pooled runs, so ties and a handful of runs are handled exactly)
 * and the Vargha–Delaney effect size. A difference of medians alone cannot tell two arms that do
 * the same work apart from one that does worse.
 */
final class RankTest {

    /** The most runs per arm: splits are enumerated as bit masks of the pooled runs. */
    static final int MAX_RUNS_PER_ARM = 10;

    private RankTest() {
    }

    /**
     * The probability, if {@code x} and {@code y} came from one distribution, of a U statistic of
     * {@code x} at most the observed one: small when {@code x} is below {@code y}.
     */
    static double pBelow(int[] x, int[] y) {
        int pooledSize = x.length + y.length;
        if (x.length == 0 || y.length == 0 || x.length > MAX_RUNS_PER_ARM || y.length > MAX_RUNS_PER_ARM) {
            throw new IllegalArgumentException("runs per arm out of range: " + x.length + " and " + y.length);
        }
        int[] pooled = new int[pooledSize];
        System.arraycopy(x, 0, pooled, 0, x.length);
        System.arraycopy(y, 0, pooled, x.length, y.length);
        double observed = doubledU((1 << x.length) - 1, pooled);
        long atMost = 0;
        long splits = 0;
        for (int mask = 0; mask < 1 << pooledSize; mask++) {
            if (Integer.bitCount(mask) == x.length) {
                splits++;
                if (doubledU(mask, pooled) <= observed) {
                    atMost++;
                }
            }
        }
        return (double) atMost / splits;
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

    /** Twice U of the runs in {@code mask} against the others: 2 per pair won, 1 per tie. */
    private static long doubledU(int mask, int[] pooled) {
        long doubled = 0;
        for (int i = 0; i < pooled.length; i++) {
            if ((mask & 1 << i) == 0) {
                continue;
            }
            for (int j = 0; j < pooled.length; j++) {
                if ((mask & 1 << j) == 0) {
                    doubled += Integer.compare(pooled[i], pooled[j]) + 1;
                }
            }
        }
        return doubled;
    }
}
