package io.frontier.store.wire;

/**
 * The MPI tag of every message kind of the campaign protocol. A receiver selects by tag, so two
 * kinds never share one; numbers are only ever added.
 *
 * <p>Coordinator to worker: {@link #ASSIGN}, {@link #SHUTDOWN}. Worker to coordinator:
 * {@link #RESULT}, {@link #SHUTDOWN_ACK}. Between coordinators: {@link #PREPARE}, {@link #VOTE},
 * {@link #DECISION}, {@link #START}, {@link #CONTROL_FAILURE}, {@link #STATS}, {@link #STATS_ACK}.
 */
public final class Tags {

    /** Coordinator → worker: execute this work item under this token. */
    public static final int ASSIGN = 10;
    /** Worker → coordinator: what one execution produced, staged and hashed. */
    public static final int RESULT = 11;

    /** Root → coordinators: a termination probe ({@link Prepare}); answer with a vote after the shared refresh. */
    public static final int PREPARE = 20;
    /** Coordinator → root: YES (idle after refresh, now frozen) or NO (found work) for a probe ({@link Vote}). */
    public static final int VOTE = 21;
    /** Root → coordinators: a probe's outcome (commit: shut down; abort: carry on) or a stop ({@link Decision}). */
    public static final int DECISION = 22;
    /**
     * Root → coordinators, empty: replay of earlier epochs and the corpus audit are done, so
     * claiming and dispatching may begin.
     */
    public static final int START = 23;

    /** Coordinator → its workers: stop after the current message; answer with an ACK ({@link Shutdown}). */
    public static final int SHUTDOWN = 30;
    /** Worker → coordinator: shutting down, with the worker's own figures ({@link ShutdownAck}). */
    public static final int SHUTDOWN_ACK = 31;

    /** Coordinator → root: this coordinator's figures at the end of the job ({@link Stats}). */
    public static final int STATS = 40;
    /** Root → coordinator: all figures received or given up on; the job's verdict ({@link StatsAck}). */
    public static final int STATS_ACK = 41;

    /** Any coordinator → root: a control failure; the job must stop with exit code 70 ({@link ControlFailure}). */
    public static final int CONTROL_FAILURE = 50;

    private Tags() {
    }
}
