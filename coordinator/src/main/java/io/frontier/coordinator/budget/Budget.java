package io.frontier.coordinator.budget;

import io.frontier.store.error.InvalidInputException;
import java.time.Duration;

/**
 * The limits of one job. Each limit is off when 0.
 *
 * @param wallTime how long this job may take new work, from the start of each coordinator
 * @param executions the campaign's committed executions (commit decisions, all jobs together; an
 *     item that runs again in a lower tier counts once per run) at which new work stops
 * @param corpus the campaign's known inputs (work items in any state) at which new work stops
 */
public record Budget(Duration wallTime, long executions, long corpus) {

    /** No limit at all: the job runs to quiescence. */
    public static final Budget NONE = new Budget(Duration.ZERO, 0, 0);

    public Budget {
        if (wallTime == null || wallTime.isNegative() || executions < 0 || corpus < 0) {
            throw new InvalidInputException("budget limits must be zero (off) or positive")
                    .with("wallTime", wallTime).with("executions", executions).with("corpus", corpus);
        }
    }

    /** Whether any limit is set. */
    public boolean limited() {
        return !wallTime.isZero() || executions > 0 || corpus > 0;
    }
}
