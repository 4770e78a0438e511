package io.frontier.coordinator.overdue;

import io.frontier.coordinator.assignment.ActiveAssignment;
import io.frontier.store.wire.ExecutorKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Finds the assignments a coordinator has waited for too long: the oldest active assignment of
 * a worker, out longer than its time limit plus {@link #graceFor its grace} (see the package's
 * rule). Holds when each worker last answered. Not thread-safe: owned by the coordinator's loop.
 */
public final class OverdueWatch {

    /**
     * The least grace past an assignment's time limit. What a worker does around an execution
     * (copy and verify the input, stage and hash the children, probe them on the coverage
     * build, send the RESULT) takes seconds on a loaded node, and its RESULT may wait behind a
     * slow network; 30 s covers that many times over, while a node cut off or stopped still
     * loses its items to the other workers within half a minute of its time limit.
     */
    public static final Duration GRACE_FLOOR = Duration.ofSeconds(30);

    private final Duration timeLimit;
    private final Duration sliceLength;
    /** By worker rank: Unix milliseconds of its latest RESULT. */
    private final Map<Integer, Long> answeredAt = new HashMap<>();

    /**
     * @param timeLimit the campaign's time limit for one execution, positive
     * @param sliceLength how long one slice of the campaign's fuzzing session fuzzes; zero in a
     *        campaign without one
     */
    public OverdueWatch(Duration timeLimit, Duration sliceLength) {
        Objects.requireNonNull(timeLimit, "timeLimit");
        Objects.requireNonNull(sliceLength, "sliceLength");
        if (timeLimit.isNegative() || timeLimit.isZero() || sliceLength.isNegative()) {
            throw new IllegalArgumentException("an execution's time limit must be positive and a slice's length never"
                    + " negative, got " + timeLimit + " and " + sliceLength);
        }
        this.timeLimit = timeLimit;
        this.sliceLength = sliceLength;
    }

    /**
     * The grace past {@code limit}: as long as the limit itself, at least {@link #GRACE_FLOOR}.
     * Proportional, since what a worker does after an execution (staging and probing its
     * children) grows with what the execution could produce in its time.
     */
    public static Duration graceFor(Duration limit) {
        return limit.compareTo(GRACE_FLOOR) > 0 ? limit : GRACE_FLOOR;
    }

    /** The time limit {@code assignment} runs under: its slice's length, or the time limit times its factor. */
    public Duration limitOf(ActiveAssignment assignment) {
        return ExecutorKind.isSession(assignment.executor()) ? sliceLength
                : timeLimit.multipliedBy(assignment.limitFactor());
    }

    /** Records that a RESULT of {@code worker} arrived at {@code nowMillis}. */
    public void answered(int worker, long nowMillis) {
        answeredAt.merge(worker, nowMillis, Math::max);
    }

    /**
     * Those of {@code oldest} (each the oldest active assignment of its worker) that are overdue
     * at {@code nowMillis}, in the order given.
     */
    public List<Overdue> overdue(Collection<ActiveAssignment> oldest, long nowMillis) {
        List<Overdue> overdue = new ArrayList<>();
        for (ActiveAssignment assignment : oldest) {
            long since = Math.max(Math.round(assignment.sentAt() * 1000),
                    answeredAt.getOrDefault(assignment.workerRank(), Long.MIN_VALUE));
            Duration limit = limitOf(assignment);
            Duration grace = graceFor(limit);
            if (nowMillis - since > limit.plus(grace).toMillis()) {
                overdue.add(new Overdue(assignment, since, limit, grace));
            }
        }
        return overdue;
    }
}
