package io.frontier.worker.fault;

import java.time.Duration;
import java.util.Objects;

/**
 * What a worker does wrong while answering one assignment, as its {@link FaultPlan} says.
 *
 * @param malformedResult send bytes that do not decode as a RESULT instead of the RESULT
 * @param extraStageFile  write one undeclared object into the stage beside the children
 * @param stall           sleep this long after staging, before answering; zero for none
 */
public record WorkerInjection(boolean malformedResult, boolean extraStageFile, Duration stall) {

    /** No fault. */
    public static final WorkerInjection NONE = new WorkerInjection(false, false, Duration.ZERO);

    public WorkerInjection {
        Objects.requireNonNull(stall, "stall");
        if (stall.isNegative()) {
            throw new IllegalArgumentException("a stall is never negative, got " + stall);
        }
    }

    /** Whether any fault applies. */
    public boolean any() {
        return malformedResult || extraStageFile || !stall.isZero();
    }
}
