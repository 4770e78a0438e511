package io.frontier.coordinator.termination;

import java.time.Duration;
import java.util.Objects;

/**
 * The timings of the termination protocol.
 *
 * @param stableWindow how long root must be idle without a break before it refreshes and probes
 * @param probeBackoff how long root waits after an aborted probe before the next one
 * @param voteTimeout how long root waits for every vote of one probe
 * @param decisionTimeout how long a frozen coordinator waits for root's decision, and one that
 *        reported a control failure for root's stop; longer than {@code voteTimeout}, since
 *        root decides only after the slowest vote
 * @param shutdownTimeout how long a coordinator waits for its workers' shutdown ACKs; a worker
 *        finishes its current execution first, so at least the executor's time limit
 * @param barrierTimeout how long root waits for stats beyond {@code shutdownTimeout}; the other
 *        coordinators wait twice as long for root's release, so root always gives up first
 */
public record TerminationSettings(Duration stableWindow, Duration probeBackoff, Duration voteTimeout,
                                  Duration decisionTimeout, Duration shutdownTimeout, Duration barrierTimeout) {

    public TerminationSettings {
        for (Duration duration : new Duration[] {stableWindow, probeBackoff, voteTimeout, decisionTimeout,
                shutdownTimeout, barrierTimeout}) {
            Objects.requireNonNull(duration, "a termination timing is missing");
            if (duration.isNegative()) {
                throw new IllegalArgumentException("termination timings are never negative: " + duration);
            }
        }
        if (voteTimeout.isZero() || shutdownTimeout.isZero() || barrierTimeout.isZero()) {
            throw new IllegalArgumentException("termination deadlines must be positive");
        }
        if (decisionTimeout.compareTo(voteTimeout) <= 0) {
            throw new IllegalArgumentException("the decision timeout " + decisionTimeout
                    + " must exceed the vote timeout " + voteTimeout);
        }
    }

    /**
     * Timings for a real campaign whose root waits {@code idleWindow} before it probes and whose
     * executions may take up to {@code executionLimit}: after an aborted probe a back-off of a
     * few hundred milliseconds, and generous deadlines; the shutdown deadline covers an execution that
     * is still running.
     */
    public static TerminationSettings forCampaign(Duration idleWindow, Duration executionLimit) {
        return new TerminationSettings(idleWindow, Duration.ofMillis(200), Duration.ofSeconds(60),
                Duration.ofSeconds(120), Duration.ofSeconds(60).plus(executionLimit), Duration.ofSeconds(30));
    }
}
