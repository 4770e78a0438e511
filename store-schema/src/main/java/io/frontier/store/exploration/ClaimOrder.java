package io.frontier.store.exploration;

import io.frontier.store.error.InvalidInputException;
import java.util.Set;

/**
 * Where a pending item stands in claim order: the first element of its key in the ranked index of
 * pending work, lower claimed first. It is stored in the item's work record, so the entry written
 * when the item became pending is the one cleared when it leaves, whatever build clears it.
 *
 * <p>Tier 0 goes first. Of the lower tiers, the later rounds of an input that reached new coverage
 * (a seed or a tier-0 child) go first: retries after a time-out, then repeats. Then the children
 * redundant on arrival, and last the later rounds of those. Claiming by tier number put every
 * redundant child before every repeat; on libyaml SymCC's repeats of tier-0 inputs (from an empty
 * pruning map) then found 9 to 18 edges in the last minute of a 180-s campaign, against 3 or 4
 * for the redundant children claimed in their place.
 *
 * <p>Ahead of the rest of tier 0 stand the new tier-0 inputs whose first round a follow-up waits
 * for ({@link Rounds#claimOrderOfNew}): in a hybrid campaign, an input AFL++ found runs on SymCC
 * for a fraction of a second before AFL++ fuzzes it for a whole run. Ranked with the rest of
 * tier 0, new edges first, such a round waited behind the AFL++ runs of SymCC's children, which
 * reach more new edges each and take a whole run each: on the demo, AFL++ then fuzzed only
 * SymCC's children for the first 40 s, while AFL++ alone fuzzed its own finds of both seeds and
 * was ahead by 7 edges at 45 s. The order is -1, which sorts before 0 in the index key, so that
 * the items pending at 0 keep their keys.
 *
 * <p>Orders 1 to 3 are the tier numbers themselves: builds before claim orders keyed the ranked
 * index by tier, and an item they left pending keeps that key, ahead of every lower-tier item
 * written since.
 */
public final class ClaimOrder {

    /** A new tier-0 input whose first round a follow-up waits for, ahead of the rest of tier 0. */
    public static final int GATE = -1;
    /** Tier 0, as before claim orders. */
    public static final int NEW_COVERAGE = 0;
    /** A time-out of an input that reached new coverage, retried with more time. */
    public static final int RETRY = 4;
    /** A repeat of an input that reached new coverage. */
    public static final int REPEAT = 5;
    /** A child redundant on arrival (tier 1). */
    public static final int REDUNDANT = 6;
    /** A time-out of a child redundant on arrival, retried with more time. */
    public static final int REDUNDANT_RETRY = 7;
    /** A repeat of a child redundant on arrival. */
    public static final int REDUNDANT_REPEAT = 8;

    /** The orders of a child redundant on arrival and its later rounds, including a build's before claim orders. */
    private static final Set<Integer> OF_REDUNDANT_INPUTS = Set.of(Tier.REDUNDANT, REDUNDANT, REDUNDANT_RETRY,
            REDUNDANT_REPEAT);

    private ClaimOrder() {
    }

    /** The order of a new item in {@code tier}: a seed or a child, redundant on arrival if it joins tier 1. */
    public static int ofNew(int tier) {
        return of(tier, tier == Tier.REDUNDANT);
    }

    /**
     * The order of the next round, in {@code nextTier}, of an item now at {@code order}; an item's
     * rounds after the first never stand at {@link #GATE}.
     */
    public static int next(int nextTier, int order) {
        return of(nextTier, OF_REDUNDANT_INPUTS.contains(order));
    }

    /**
     * Whether an item of {@code tier} may stand at {@code order}: the order this build gives it
     * ({@link #GATE} for tier 0 as well), or, for a lower tier, the tier's own number that builds
     * before claim orders gave it.
     */
    public static boolean fits(int tier, int order) {
        return order == of(tier, false) || order == of(tier, true)
                || (tier == Tier.NEW_COVERAGE ? order == GATE : order == tier);
    }

    private static int of(int tier, boolean redundantInput) {
        return switch (tier) {
            case Tier.NEW_COVERAGE -> NEW_COVERAGE;
            case Tier.REDUNDANT -> REDUNDANT;
            case Tier.RETRY -> redundantInput ? REDUNDANT_RETRY : RETRY;
            case Tier.REPEAT -> redundantInput ? REDUNDANT_REPEAT : REPEAT;
            default -> throw new InvalidInputException("tier out of range").with("tier", tier).with("lowest", Tier.LOWEST);
        };
    }
}
