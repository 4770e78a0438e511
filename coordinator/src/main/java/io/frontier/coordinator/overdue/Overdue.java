package io.frontier.coordinator.overdue;

import io.frontier.coordinator.assignment.ActiveAssignment;
import java.time.Duration;

/**
 * A worker's oldest assignment that was not answered in time. Immutable.
 *
 * @param assignment the assignment, as sent
 * @param sinceMillis when it began to count (Unix milliseconds): its ASSIGN, or the worker's
 *        previous RESULT if that came later
 * @param limit the time limit it runs under
 * @param grace what the coordinator waited for it beyond {@code limit}
 */
public record Overdue(ActiveAssignment assignment, long sinceMillis, Duration limit, Duration grace) {

    /** The worker that did not answer. */
    public int worker() {
        return assignment.workerRank();
    }

    /** How long the assignment had been out at {@code nowMillis}, in whole seconds. */
    public long outSeconds(long nowMillis) {
        return (nowMillis - sinceMillis) / 1000;
    }
}
