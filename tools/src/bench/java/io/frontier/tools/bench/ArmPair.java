package io.frontier.tools.bench;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An arm and the baseline it is held against: in each round's checks ({@link ExplorationChecks})
 * and, over several runs, in the median check and the rank test ({@link ArmSpread}). A pair is
 * compared wherever both its arms ran; its figures go under {@link #name()} in the summary.
 *
 * @param finalOnly whether the round's check compares the final edges only, not every checkpoint:
 *     a campaign that waits for the same rare find as its baseline is ahead or behind by chance
 *     on the way, and what the comparison asks is where it ends
 */
record ArmPair(String arm, String baseline, boolean finalOnly) {

    /**
     * Every pair compared, in the order printed: the tiers policy against novelty only (issue
     * 12); the hybrid against Frontier's AFL++ alone; and the session campaigns, then the
     * campaigns of bounded AFL++ runs, against plain AFL++ {@code -M/-S}, the tool a user would
     * otherwise pick (issue 35).
     */
    static final List<ArmPair> ALL = List.of(new ArmPair("tiers", "novelty", false), new ArmPair("hybrid", "afl", true),
            new ArmPair("hybrid-session", "afl-plain", true), new ArmPair("afl-session", "afl-plain", true),
            new ArmPair("hybrid", "afl-plain", true), new ArmPair("afl", "afl-plain", true));

    /** The field of the summary's {@code comparisons} and of each checkpoint's line that holds this pair's figures. */
    String name() {
        return arm + "-vs-" + baseline;
    }

    /** This pair's check of one round, or nothing when it does not hold both arms. */
    Optional<String> check(Map<String, ArmRun> round, int budget, int checkpoint) {
        ArmRun run = round.get(arm);
        ArmRun base = round.get(baseline);
        if (run == null || base == null) {
            return Optional.empty();
        }
        if (finalOnly) {
            return Optional.of(String.format("%s ends with %d edges, %s with %d: %s", arm, run.finalEdges(),
                    baseline, base.finalEdges(), run.finalEdges() >= base.finalEdges() ? "met" : "missed"));
        }
        List<String> below = ExplorationChecks.checkpointsBelow(t -> run.edgesAt(t, checkpoint),
                t -> base.edgesAt(t, checkpoint), budget, checkpoint);
        return Optional.of(String.format("%s at or above %s at every checkpoint: %s", arm, baseline,
                below.isEmpty() ? "met" : "missed at " + below));
    }
}
