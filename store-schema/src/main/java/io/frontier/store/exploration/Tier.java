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
     * The order class of an input of {@code size} bytes inside its tier: the bit length of its
     * size, so that smaller inputs are claimed first while inputs of one class spread over the
     * buckets, as tier 0's do.
     */
    public static int sizeClass(long size) {
        return Long.SIZE - Long.numberOfLeadingZeros(Math.max(0, size));
    }
}
