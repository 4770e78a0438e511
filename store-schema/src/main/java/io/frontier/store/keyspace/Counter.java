package io.frontier.store.keyspace;

import io.frontier.store.record.WorkState;

/**
 * The campaign's counters, each spread over {@link CampaignKeys#COUNTER_SHARDS} keys updated
 * with atomic ADD: one per work state, two for worker results rejected as invalid, one for
 * findings, the items and bytes pending in the lower tiers, and the outputs of committed
 * executions that did not become children. Numbers
 * are only ever appended.
 */
public enum Counter {
    PENDING(0),
    LEASED(1),
    COMMITTING(2),
    DONE(3),
    ABANDONED(4),
    /** Invalid results whose work the holder kept under the same token (requeued). */
    REJECTED(5),
    /**
     * Every worker result judged invalid, requeued or dropped, each result id counted once, in
     * every epoch: a campaign where it is not 0 ends with exit code 1.
     */
    INVALID(6),
    /**
     * Findings recorded (inputs that crashed or hung the target), each finding key counted once:
     * an input reported under two signatures (a target that fails differently from run to run)
     * counts once per signature.
     */
    FINDINGS(7),
    /** Items pending in tier 1 (redundant on arrival). */
    PENDING_TIER_1(8),
    /** Items pending in tier 2 (time-outs retried with more time). */
    PENDING_TIER_2(9),
    /** Items pending in tier 3 (repeated runs). */
    PENDING_TIER_3(10),
    /** Input bytes of the items pending in tiers 1 and up, which the campaign's cap bounds. */
    TIERED_BYTES(11),
    /**
     * Fuzzing session items, whatever their state: a session is never done, so sessions are
     * counted apart and the state counters count inputs only.
     */
    SESSIONS(12),
    /** Symbolic links committed executions left among their outputs: never followed, no child. */
    LEFT_OUT_LINKS(13),
    /** FIFOs, sockets and devices committed executions left among their outputs: never read, no child. */
    LEFT_OUT_SPECIAL(14),
    /** Regular files committed executions wrote beyond the most one execution may yield: no child. */
    LEFT_OUT_OVER_LIMIT(15);

    private final long number;

    Counter(long number) {
        this.number = number;
    }

    public long number() {
        return number;
    }

    /** The counter of items in {@code state}. */
    public static Counter of(WorkState state) {
        return switch (state) {
            case PENDING -> PENDING;
            case LEASED -> LEASED;
            case COMMITTING -> COMMITTING;
            case DONE -> DONE;
            case ABANDONED -> ABANDONED;
        };
    }

    /** The counter of items pending in {@code tier}, 1 or more. */
    public static Counter pendingIn(int tier) {
        return switch (tier) {
            case 1 -> PENDING_TIER_1;
            case 2 -> PENDING_TIER_2;
            case 3 -> PENDING_TIER_3;
            default -> throw new IllegalArgumentException("tier " + tier + " has no pending counter");
        };
    }

    static Counter fromNumber(long number) {
        for (Counter counter : values()) {
            if (counter.number == number) {
                return counter;
            }
        }
        return null;
    }
}
