package io.frontier.store.view;

import io.frontier.store.keyspace.ExecutorCounter;

/**
 * What committed executions amount to, counted by their commit decisions: of one executor kind
 * under one coordinator, or summed over several (see {@link ExecutorCounter} for each figure).
 *
 * @param executionMillis the executions' wall time, as their workers measured it
 * @param children children the results declared, each distinct within its result
 * @param redundant of those, children that reached no (edge, hit-count bucket) the campaign's map
 *     lacked, whatever the exploration mode made of them
 * @param untriaged of those, children without coverage, which nothing judges redundant
 * @param newEdges edges of the campaign's map the children reached first
 */
public record ExecutorTally(long executions, long executionMillis, long children, long redundant, long untriaged,
                            long newEdges) {

    /** Nothing committed. */
    public static final ExecutorTally NONE = new ExecutorTally(0, 0, 0, 0, 0, 0);

    /** This tally and {@code other} together. */
    public ExecutorTally plus(ExecutorTally other) {
        return new ExecutorTally(executions + other.executions, executionMillis + other.executionMillis,
                children + other.children, redundant + other.redundant, untriaged + other.untriaged,
                newEdges + other.newEdges);
    }

    /** This tally with {@code amount} more of {@code counter}. */
    ExecutorTally plus(ExecutorCounter counter, long amount) {
        return plus(switch (counter) {
            case EXECUTIONS -> new ExecutorTally(amount, 0, 0, 0, 0, 0);
            case EXECUTION_MILLIS -> new ExecutorTally(0, amount, 0, 0, 0, 0);
            case CHILDREN -> new ExecutorTally(0, 0, amount, 0, 0, 0);
            case REDUNDANT -> new ExecutorTally(0, 0, 0, amount, 0, 0);
            case UNTRIAGED -> new ExecutorTally(0, 0, 0, 0, amount, 0);
            case NEW_EDGES -> new ExecutorTally(0, 0, 0, 0, 0, amount);
        });
    }

    /**
     * The redundant-child ratio: {@code redundant} out of the children that carried coverage
     * ({@code children - untriaged}; in a campaign with triage, every child declared), from 0 to
     * 1, or null when no child carried any. Untriaged children are left out because nothing can
     * tell whether they reached anything new: counting them as not redundant would make a
     * campaign without triage look as if none were.
     */
    public Double redundantRatio() {
        long judged = children - untriaged;
        return judged <= 0 ? null : (double) redundant / judged;
    }
}
