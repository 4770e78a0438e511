package io.frontier.store.exploration;

import io.frontier.store.error.InvalidInputException;
import java.util.List;

/**
 * The tiers pending work waits in, highest priority first. The numbers are stored in work
 * records and index keys and are only ever appended.
 */
public final class Tier {

    /** Reached coverage the campaign had not seen: today's frontier. */
    public static final int NEW_COVERAGE = 0;
    /** Redundant on arrival: reached nothing new, kept for when the frontier runs dry. */
    public static final int REDUNDANT = 1;
    /** Timed out: retried with a longer time limit. */
    public static final int RETRY = 2;
    /** Run by a repeatable executor that found nothing new this time: run again, longer. */
    public static final int REPEAT = 3;
    /** The lowest-priority tier. */
    public static final int LOWEST = REPEAT;

    /** Edge counts of 2^(n-1) or more share the highest edge class, n. */
    private static final int EDGE_CLASSES = 16;
    /** Bit lengths of a byte count: 0 to 64. */
    private static final int SIZE_CLASSES = Long.SIZE + 1;

    private static final List<String> NAMES = List.of("new-coverage", "redundant", "retry", "repeat");

    private Tier() {
    }

    /** The name status and reports print for {@code tier}. */
    public static String name(int tier) {
        if (tier < 0 || tier > LOWEST) {
            throw new InvalidInputException("tier out of range").with("tier", tier).with("lowest", LOWEST);
        }
        return NAMES.get(tier);
    }

    /**
     * The rank of a pending item inside its tier, lower claimed first. In tier 0 an input that
     * reached more new edges goes first, then the smaller input: the edges by the bit length of
     * their count and the size by the bit length of the byte count, so that inputs of one rank
     * spread over concurrent claimers instead of all wanting the same key. In the lower tiers,
     * whose inputs reached nothing new when kept, the smaller input goes first.
     *
     * @param newEdges edges new to the campaign the input reached when kept, at least 1 in tier 0
     *     (an input without a count waits in the unranked ready index instead)
     */
    public static int rank(int tier, int newEdges, long size) {
        int sizeClass = bitLength(Math.max(0, size));
        if (tier != NEW_COVERAGE) {
            return sizeClass;
        }
        int edgeClass = Math.min(bitLength(newEdges), EDGE_CLASSES);
        return (EDGE_CLASSES - edgeClass) * SIZE_CLASSES + sizeClass;
    }

    private static int bitLength(long value) {
        return Long.SIZE - Long.numberOfLeadingZeros(value);
    }
}
