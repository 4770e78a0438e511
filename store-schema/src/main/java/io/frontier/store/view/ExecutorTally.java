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
 * @param knownBefore of those, children that joined the frontier on their own (new coverage, or
 *     none to judge) but were copies of known work; none of them counted in {@code redundant}
 * @param untriaged of those, children without coverage, which only {@code knownBefore} can judge
 * @param newEdges edges of the campaign's map the children reached first
 */
public record ExecutorTally(long executions, long executionMillis, long children, long redundant, long knownBefore,
                            long untriaged, long newEdges) {

    /** Nothing committed. */
    public static final ExecutorTally NONE = new ExecutorTally(0, 0, 0, 0, 0, 0, 0);

    /** This tally and {@code other} together. */
    public ExecutorTally plus(ExecutorTally other) {
        return new ExecutorTally(executions + other.executions, executionMillis + other.executionMillis,
                children + other.children, redundant + other.redundant, knownBefore + other.knownBefore,
                untriaged + other.untriaged, newEdges + other.newEdges);
    }

    /** This tally with {@code amount} more of {@code counter}. */
    ExecutorTally plus(ExecutorCounter counter, long amount) {
        return plus(switch (counter) {
            case EXECUTIONS -> new ExecutorTally(amount, 0, 0, 0, 0, 0, 0);
            case EXECUTION_MILLIS -> new ExecutorTally(0, amount, 0, 0, 0, 0, 0);
            case CHILDREN -> new ExecutorTally(0, 0, amount, 0, 0, 0, 0);
            case REDUNDANT -> new ExecutorTally(0, 0, 0, amount, 0, 0, 0);
            case KNOWN_BEFORE -> new ExecutorTally(0, 0, 0, 0, amount, 0, 0);
            case UNTRIAGED -> new ExecutorTally(0, 0, 0, 0, 0, amount, 0);
            case NEW_EDGES -> new ExecutorTally(0, 0, 0, 0, 0, 0, amount);
        });
    }

    /**
     * The redundant-child ratio: the children that reached nothing new or were copies of known
     * work ({@code redundant + knownBefore}, never one child twice) out of every child declared,
     * from 0 to 1, or null when none was. Without triage only copies can be told, so there it is
     * a lower bound ({@code untriaged} says how many children nothing judged by coverage).
     */
    public Double redundantRatio() {
        return children <= 0 ? null : (double) (redundant + knownBefore) / children;
    }
}
