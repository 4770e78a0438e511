package io.frontier.store.wire;

/**
 * How a job ended, as every rank's process exit code: the verdicts of shared/DESIGN.md that a
 * running campaign can reach, and the one for a job that stopped early and can be resumed.
 * Travels by name in stats messages, so ranks agree on one verdict.
 */
public enum ExitStatus {

    /** Quiescence committed and no worker result was invalid. */
    QUIESCENT(0, 0),
    /** Quiescence committed, but some worker results were invalid (and retried). */
    INVALID_RESULTS(1, 1),
    /**
     * The job drained before quiescence (a budget used up, a stop request) and ended cleanly:
     * work is left pending and {@code frontier resume} carries on. EX_TEMPFAIL of sysexits.h,
     * "try again later". Outranks invalid results, which the campaign's persistent count
     * reports again once a later job reaches quiescence.
     */
    STOPPED(75, 2),
    /** A control failure: corrupt corpus object or unrecoverable protocol state. */
    CONTROL_FAILURE(70, 3);

    private final int code;
    /** Which verdict wins when two ranks report different ones: the higher. */
    private final int severity;

    ExitStatus(int code, int severity) {
        this.code = code;
        this.severity = severity;
    }

    /** The process exit code. */
    public int code() {
        return code;
    }

    /**
     * The more severe of the two: a control failure outranks a stop, which outranks invalid
     * results, which outrank success.
     */
    public ExitStatus worse(ExitStatus other) {
        return other.severity > severity ? other : this;
    }
}
