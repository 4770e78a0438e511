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
    /**
     * Places of an input by its size and depth: the bit length of its byte count plus that of its
     * depth, 0 to 64. An input at depth 0 has the place its size alone gave before depths were
     * recorded, so items pending since then keep their keys.
     */
    private static final int PLACES = Long.SIZE + 1;

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
     * reached more new edges goes first, then the smaller and shallower input, and one that
     * reached no new edge (only a new hit count of edges already reached) after all of them; in
     * the lower tiers, whose inputs reached nothing new when kept, the smaller and shallower input
     * goes first.
     * Edges count by the bit length of their number, and size and depth by the sum of the bit
     * lengths of theirs, roughly the logarithm of their product: a 1-KiB input one execution from
     * its seed goes before a 64-byte one sixty executions deep, which goes before a 4-KiB one. The
     * classes are coarse so that inputs of one rank spread over concurrent claimers instead of all
     * wanting the same key.
     *
     * @param newEdges edges new to the campaign the input reached when kept (a tier-0 input kept
     *     without triage waits in the unranked ready index instead)
     * @param size the input's length in bytes
     * @param depth executions between the input and its seed (see
     *     {@link io.frontier.store.record.WorkRecord#depth})
     */
    public static int rank(int tier, int newEdges, long size, int depth) {
        int place = Math.min(bitLength(Math.max(0, size)) + bitLength(Math.max(0, depth)), PLACES - 1);
        if (tier != NEW_COVERAGE) {
            return place;
        }
        int edgeClass = Math.min(bitLength(newEdges), EDGE_CLASSES);
        return (EDGE_CLASSES - edgeClass) * PLACES + place;
    }

    private static int bitLength(long value) {
        return Long.SIZE - Long.numberOfLeadingZeros(value);
    }
}
