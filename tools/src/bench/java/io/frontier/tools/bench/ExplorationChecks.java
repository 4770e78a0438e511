package io.frontier.tools.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntToDoubleFunction;

/**
 * Issue 12's targets and each {@link ArmPair}, checked on one round of a target's arms; each check
 * says met or missed with the figures it was decided on, or is left out when an arm it needs did
 * not run.
 */
final class ExplorationChecks {

    private static final double BUSY_TARGET = 0.90;

    private final Map<String, ArmRun> runs;
    private final int budget;
    private final int checkpoint;

    ExplorationChecks(Map<String, ArmRun> runs, int budget, int checkpoint) {
        this.runs = runs;
        this.budget = budget;
        this.checkpoint = checkpoint;
    }

    List<String> all() {
        List<String> checks = new ArrayList<>();
        ArmRun closure = runs.get("closure");
        ArmRun tiers = runs.get("tiers");
        if (closure != null && tiers != null) {
            int seconds = tiers.secondsToReach(closure.finalEdges(), checkpoint, budget);
            checks.add(String.format("tiers reaches the closure's final %d edges %s (target: within %d s): %s",
                    closure.finalEdges(), seconds < 0 ? "never" : "at " + seconds + " s", budget / 2,
                    seconds >= 0 && seconds <= budget / 2 ? "met" : "missed"));
        }
        for (ArmPair pair : ArmPair.ALL) {
            pair.check(runs, budget, checkpoint).ifPresent(checks::add);
        }
        ArmRun sharedMap = runs.get("shared-map");
        if (tiers != null && sharedMap != null) {
            checks.add(String.format("redundant children with a pruning map per worker %.1f%% (%d of %d), with the"
                    + " shared map %.1f%% (%d of %d); edges %d and %d", tiers.redundantPercent(), tiers.redundant(),
                    tiers.children(), sharedMap.redundantPercent(), sharedMap.redundant(), sharedMap.children(),
                    tiers.finalEdges(), sharedMap.finalEdges()));
        }
        if (closure != null && !Double.isNaN(closure.busyFraction())) {
            checks.add(String.format("closure's workers busy %.1f%% of their time (target: at least %.0f%%): %s",
                    100 * closure.busyFraction(), 100 * BUSY_TARGET, closure.busyFraction() >= BUSY_TARGET ? "met" : "missed"));
        }
        return checks;
    }

    /**
     * The checkpoints, from 0 to {@code budget}, at which {@code edges} is below {@code baseline}
     * (both give the edges at a second), each written as {@code "t s (edges < baseline)"}.
     */
    static List<String> checkpointsBelow(IntToDoubleFunction edges, IntToDoubleFunction baseline, int budget,
            int checkpoint) {
        List<String> below = new ArrayList<>();
        for (int t = 0; t <= budget; t += checkpoint) {
            double reached = edges.applyAsDouble(t);
            double base = baseline.applyAsDouble(t);
            if (reached < base) {
                below.add(t + " s (" + figure(reached) + " < " + figure(base) + ")");
            }
        }
        return below;
    }

    /** {@code edges} as a whole number when it is one (a median of an even count may end in .5). */
    static String figure(double edges) {
        return edges == Math.rint(edges) ? Long.toString((long) edges) : Double.toString(edges);
    }
}
