package io.frontier.tools.bench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The edges of each arm over several runs of one target, per checkpoint: the median and the
 * range. One run of an exploration arm says little about a difference of tens of edges, since
 * which inputs SymCC finds first changes from run to run; the median of a few runs per arm is the
 * figure to compare; with an even number of runs it is the mean of the two middle ones.
 * Where two arms do the same work (tiers and novelty claim the same tier-0 inputs until tier 0
 * runs dry; the hybrid and AFL++ alone wait for the same rare AFL++ find), one median is above
 * the other at some checkpoints by chance, so the rank test says where an arm is below its
 * baseline, and where it is above, beyond chance ({@link RankTest}).
 */
final class ArmSpread {

    /** The level below which a p value counts as a real difference. */
    private static final double SIGNIFICANCE = 0.05;

    private final List<Map<String, ArmRun>> runs;
    private final int budget;
    private final int checkpoint;

    /** {@code runs}: one map of arm name to its run per round, every round with the same arms. */
    ArmSpread(List<Map<String, ArmRun>> runs, int budget, int checkpoint) {
        this.runs = List.copyOf(runs);
        this.budget = budget;
        this.checkpoint = checkpoint;
    }

    /** Prints the table, and each compared pair's median check and rank test, and records them in {@code result}. */
    void print(String target, ObjectNode result) {
        List<String> arms = List.copyOf(runs.get(0).keySet());
        System.out.printf("%nexploration: %s, %d runs per arm: edges, median (min-max)%n", target, runs.size());
        StringBuilder header = new StringBuilder(String.format("%8s", "t [s]"));
        arms.forEach(name -> header.append(String.format("%20s", name)));
        System.out.println(header);
        ArrayNode table = result.putArray("spread");
        for (int t = 0; t <= budget; t += checkpoint) {
            StringBuilder row = new StringBuilder(String.format("%8d", t));
            ObjectNode line = table.addObject().put("seconds", t);
            for (String arm : arms) {
                int[] sorted = edgesAt(arm, t);
                row.append(String.format("%20s", ExplorationChecks.figure(median(sorted)) + " (" + sorted[0] + "-"
                        + sorted[sorted.length - 1] + ")"));
                line.putObject(arm).put("median", median(sorted)).put("min", sorted[0])
                        .put("max", sorted[sorted.length - 1]);
            }
            System.out.println(row);
        }
        ObjectNode comparisons = result.putObject("comparisons");
        for (ArmPair pair : ArmPair.ALL) {
            if (runs.get(0).containsKey(pair.arm()) && runs.get(0).containsKey(pair.baseline())) {
                compare(pair, table, comparisons.putObject(pair.name()));
            }
        }
    }

    /**
     * Whether {@code pair}'s arm has a median at or above its baseline's at every checkpoint, and
     * where it is below, and where above, beyond what run-to-run variation explains: the
     * checkpoints at which the one-sided Mann–Whitney U test puts it below (above) the
     * baseline at {@link #SIGNIFICANCE}. Each checkpoint's p of both sides and its Vargha–Delaney
     * Â12 (the chance that a run of the arm beats one of the baseline) go into its line of
     * {@code table}.
     */
    private void compare(ArmPair pair, ArrayNode table, ObjectNode result) {
        List<String> misses = ExplorationChecks.checkpointsBelow(t -> median(edgesAt(pair.arm(), t)),
                t -> median(edgesAt(pair.baseline(), t)), budget, checkpoint);
        String medianCheck = String.format("%s's median at or above %s's at every checkpoint over %d runs: %s",
                pair.arm(), pair.baseline(), runs.size(), misses.isEmpty() ? "met" : "missed at " + misses);
        System.out.println("  check: " + medianCheck);
        result.put("medianCheck", medianCheck);
        RankSide below = new RankSide(pair, "below", "rankCheck");
        RankSide above = new RankSide(pair, "above", "rankCheckAbove");
        for (int t = 0, line = 0; t <= budget; t += checkpoint, line++) {
            int[] arm = edgesAt(pair.arm(), t);
            int[] baseline = edgesAt(pair.baseline(), t);
            double a12 = RankTest.a12(arm, baseline);
            ((ObjectNode) table.get(line)).putObject(pair.name())
                    .put("pBelow", below.add(t, RankTest.pBelow(arm, baseline), a12))
                    .put("pAbove", above.add(t, RankTest.pBelow(baseline, arm), a12))
                    .put("a12", a12);
        }
        for (RankSide side : List.of(below, above)) {
            String check = side.verdict(runs.size());
            System.out.println("  check: " + check);
            result.put(side.key(), check);
        }
    }

    /** The checkpoints at which one side of the rank test finds a difference, and the closest one. */
    private static final class RankSide {

        private final ArmPair pair;
        private final String side;
        private final String key;
        private final List<String> significant = new ArrayList<>();
        private double lowest = Double.POSITIVE_INFINITY;
        private String lowestAt = "";

        /** {@code side} as the verdict names it; {@code key} the summary's field for the verdict. */
        RankSide(ArmPair pair, String side, String key) {
            this.pair = pair;
            this.side = side;
            this.key = key;
        }

        /** Counts checkpoint {@code t}'s {@code p}, and returns it. */
        double add(int t, double p, double a12) {
            String figures = String.format("%d s (p %.3f, A12 %.2f)", t, p, a12);
            if (p < SIGNIFICANCE) {
                significant.add(figures);
            }
            if (p < lowest) {
                lowest = p;
                lowestAt = figures;
            }
            return p;
        }

        String key() {
            return key;
        }

        String verdict(int runsPerArm) {
            String verdict = significant.isEmpty() ? "at no checkpoint; closest " + lowestAt : "at " + significant;
            boolean exact = RankTest.exact(runsPerArm, runsPerArm);
            if (exact && RankTest.smallestP(runsPerArm) >= SIGNIFICANCE) {
                verdict = String.format("cannot tell: with %d runs per arm the smallest p is %.3f; closest %s",
                        runsPerArm, RankTest.smallestP(runsPerArm), lowestAt);
            }
            return String.format("%s %s %s (one-sided %s Mann-Whitney U over %d runs, p < %.2f): %s", pair.arm(),
                    side, pair.baseline(), exact ? "exact" : "normal-approximation", runsPerArm, SIGNIFICANCE, verdict);
        }
    }

    private int[] edgesAt(String arm, int seconds) {
        int[] edges = runs.stream().mapToInt(round -> round.get(arm).edgesAt(seconds, checkpoint)).toArray();
        Arrays.sort(edges);
        return edges;
    }

    private static double median(int[] sorted) {
        return (sorted[(sorted.length - 1) / 2] + sorted[sorted.length / 2]) / 2.0;
    }
}
