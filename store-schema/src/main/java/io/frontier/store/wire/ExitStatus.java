package io.frontier.store.wire;

/**
 * How a job ended, as every rank's process exit code: the verdicts of shared/DESIGN.md that a
 * running campaign can reach. Travels by name in stats messages, so ranks agree on one verdict.
 */
public enum ExitStatus {

    /** Quiescence committed and no worker result was invalid. */
    QUIESCENT(0),
    /** Quiescence committed, but some worker results were invalid (and retried). */
    INVALID_RESULTS(1),
    /** A control failure: corrupt corpus object or unrecoverable protocol state. */
    CONTROL_FAILURE(70);

    private final int code;

    ExitStatus(int code) {
        this.code = code;
    }

    /** The process exit code. */
    public int code() {
        return code;
    }

    /** The more severe of the two: a control failure outranks invalid results, which outrank success. */
    public ExitStatus worse(ExitStatus other) {
        return other.code > code ? other : this;
    }
}
