package io.frontier.store.keyspace;

/**
 * What the commit decisions of one coordinator count per executor kind, each an atomic ADD in
 * the decision's own transaction (subspace {@link CampaignSubspace#EXECUTOR_COUNTS}), so every
 * figure moves exactly once per committed result. These are the campaign's only counts of
 * children and of redundant ones. Numbers are only ever appended.
 */
public enum ExecutorCounter {
    /** Results committed: one execution each. */
    EXECUTIONS(0),
    /** The wall time of those executions, as their workers measured it, in milliseconds. */
    EXECUTION_MILLIS(1),
    /** Children the results declared: distinct within a result, none equal to its input. */
    CHILDREN(2),
    /**
     * Of those, children whose coverage reached no (edge, hit-count bucket) the campaign's map
     * held when the decision was taken, whatever the exploration mode then made of them.
     */
    REDUNDANT(3),
    /** Of those, children without coverage (a campaign without triage): never judged redundant. */
    UNTRIAGED(4),
    /** Edges of the campaign's map that the children reached first. */
    NEW_EDGES(5),
    /**
     * Of the children, those that joined the frontier on their own (new coverage, or none to
     * judge) but were copies: known as work already when the decision was taken, or declared by
     * an earlier decision of the same transaction. Never one counted as {@link #REDUNDANT} too.
     */
    KNOWN_BEFORE(6);

    private final long number;

    ExecutorCounter(long number) {
        this.number = number;
    }

    public long number() {
        return number;
    }

    static ExecutorCounter fromNumber(long number) {
        for (ExecutorCounter counter : values()) {
            if (counter.number == number) {
                return counter;
            }
        }
        return null;
    }
}
