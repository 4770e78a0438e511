package io.frontier.tools.campaign;

import io.frontier.tools.HumanFormat;

/**
 * How much of its wall time at work one worker (or all workers of a job, summed) spent running
 * the target. The wall time runs from the worker's first ASSIGN to its SHUTDOWN; the execution
 * time is the sum of the executions' wall times, each from the target's launch to its end, so
 * it is never more than the wall time. Triage probes (runs of the coverage build) are counted
 * apart: they run beside the next execution, so their time may overlap execution time and is
 * not added to it.
 *
 * @param executionMillis the target's runs, summed
 * @param triageMillis the coverage build's runs, summed
 * @param wallMillis the wall time at work
 * @param busyFraction {@code executionMillis / wallMillis}, from 0 to 1; null when the wall time
 *     is 0 (no assignment came)
 * @param triageFraction {@code triageMillis / wallMillis}; null when the wall time is 0
 */
public record Busy(long executionMillis, long triageMillis, long wallMillis, Double busyFraction, Double triageFraction) {

    /** The fractions of these times. */
    public static Busy of(long executionMillis, long triageMillis, long wallMillis) {
        if (executionMillis < 0 || triageMillis < 0 || wallMillis < 0) {
            throw new IllegalArgumentException("times are never negative, got execution " + executionMillis
                    + " ms, triage " + triageMillis + " ms, wall " + wallMillis + " ms");
        }
        return new Busy(executionMillis, triageMillis, wallMillis,
                wallMillis == 0 ? null : (double) executionMillis / wallMillis,
                wallMillis == 0 ? null : (double) triageMillis / wallMillis);
    }

    /** This and {@code other} summed, with the fractions of the sums. */
    public Busy plus(Busy other) {
        return of(executionMillis + other.executionMillis, triageMillis + other.triageMillis,
                wallMillis + other.wallMillis);
    }

    /** E.g. {@code 93.4% (executions 37.4s of 40.0s; triage probes 1.2s, 3.0%)}. */
    public String describe() {
        return HumanFormat.percent(busyFraction) + " (executions " + HumanFormat.seconds(executionMillis / 1000.0)
                + " of " + HumanFormat.seconds(wallMillis / 1000.0) + "; triage probes "
                + HumanFormat.seconds(triageMillis / 1000.0) + ", " + HumanFormat.percent(triageFraction) + ")";
    }
}
