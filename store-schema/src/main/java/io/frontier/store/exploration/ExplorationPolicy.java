package io.frontier.store.exploration;

import io.frontier.store.error.InvalidInputException;
import io.frontier.store.wire.ExecutorKind;
import java.util.List;

/**
 * A campaign's exploration policy, written with its configuration and changed only between jobs.
 *
 * @param schema {@link #SCHEMA}
 * @param mode what happens to a child that reached nothing new
 * @param capItems the most items tiers 1 and up may hold pending; a redundant child over it is
 *     recorded as dropped
 * @param capBytes the most input bytes tiers 1 and up may hold pending
 * @param maxLimitFactor the most a round may multiply the campaign's time limit by: a time-out
 *     is retried with twice its round's factor while that stays within it (1: never retried)
 * @param repeats how many more rounds an input of a repeatable executor gets after a round that
 *     found nothing new (0: none)
 * @param repeatable the executors ({@code afl}, {@code symcc}, ...) whose runs can find more from the same
 *     input: AFL++ with a longer run, SymCC once, from an empty pruning map
 */
public record ExplorationPolicy(int schema, Exploration mode, long capItems, long capBytes, int maxLimitFactor,
                                int repeats, List<String> repeatable) {

    public static final int SCHEMA = 1;

    private static final int MAX_FACTOR = 1 << 10;
    /** What a new campaign gets unless told otherwise. */
    public static final ExplorationPolicy DEFAULT =
            new ExplorationPolicy(SCHEMA, Exploration.TIERS, 100_000, 1L << 30, 8, 8,
                    List.of(ExecutorKind.AFL, ExecutorKind.SYMCC));
    /**
     * What a campaign created before tiers had, and so still has: redundant children are not
     * kept, time-outs are not retried, nothing repeats.
     */
    public static final ExplorationPolicy BEFORE_TIERS =
            new ExplorationPolicy(SCHEMA, Exploration.NOVELTY, 0, 0, 1, 0, List.of());

    public ExplorationPolicy {
        if (schema != SCHEMA) {
            throw new InvalidInputException("exploration policy schema is not supported").with("schema", schema);
        }
        if (mode == null || repeatable == null || repeatable.stream().anyMatch(e -> !ExecutorKind.isWellFormed(e))) {
            throw new InvalidInputException("exploration policy lacks a mode or names a malformed executor")
                    .with("mode", mode).with("repeatable", repeatable);
        }
        if (capItems < 0 || capBytes < 0 || maxLimitFactor < 1 || maxLimitFactor > MAX_FACTOR || repeats < 0) {
            throw new InvalidInputException("exploration policy out of range").with("capItems", capItems)
                    .with("capBytes", capBytes).with("maxLimitFactor", maxLimitFactor).with("repeats", repeats)
                    .with("maxFactorAllowed", MAX_FACTOR);
        }
        repeatable = List.copyOf(repeatable);
    }

    /** The same policy with another mode. */
    public ExplorationPolicy withMode(Exploration newMode) {
        return new ExplorationPolicy(SCHEMA, newMode, capItems, capBytes, maxLimitFactor, repeats, repeatable);
    }

    /** The same policy with another cap on tiers 1 and up. */
    public ExplorationPolicy withCap(long items, long bytes) {
        return new ExplorationPolicy(SCHEMA, mode, items, bytes, maxLimitFactor, repeats, repeatable);
    }

    /** The same policy with another cap factor for time-out retries and number of repeats. */
    public ExplorationPolicy withRounds(int factor, int repeatRounds, List<String> executors) {
        return new ExplorationPolicy(SCHEMA, mode, capItems, capBytes, factor, repeatRounds, executors);
    }
}
