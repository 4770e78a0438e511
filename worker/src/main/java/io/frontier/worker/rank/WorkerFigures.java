package io.frontier.worker.rank;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one worker rank did during the job, sent with its SHUTDOWN ACK for the campaign summary.
 * Counts only grow. Used by the worker's thread only.
 *
 * <p>Invariant: {@link #EXECUTION_MILLIS} is at most {@link #WALL_MILLIS}. Every execution
 * starts after the first ASSIGN was received and ends before the SHUTDOWN is, executions never
 * overlap, and both are measured on the same monotonic clock in nanoseconds and cut to whole
 * milliseconds only when sent, so the busy fraction computed from them lies between 0 and 1.
 */
public final class WorkerFigures {

    /** Assignments answered with a RESULT (well-formed or not). */
    public static final String RESULTS = "results";
    /** Executions of the target that produced an outcome (crashes and timeouts included). */
    public static final String EXECUTIONS = "executions";
    /** Outputs written by the target, before de-duplication. */
    public static final String GENERATED = "generated";
    /** Distinct children staged and declared in RESULTs of executed inputs (not in failure RESULTs). */
    public static final String CHILDREN_STAGED = "childrenStaged";
    /** Distinct children left out because one RESULT was full. */
    public static final String CHILDREN_OVER_LIMIT = "childrenOverLimit";
    /** Inputs whose bytes did not match their name: not executed, RESULT echoes the actual digest. */
    public static final String INPUT_MISMATCHES = "inputMismatches";
    /** Assignments this worker could not execute or stage; answered with a RESULT that cannot be accepted. */
    public static final String FAILURES = "failures";
    /** Messages from another rank than the coordinator, or with a tag a worker does not take. */
    public static final String IGNORED_MESSAGES = "ignoredMessages";
    /** Faults the fault plan injected. */
    public static final String FAULTS_INJECTED = "faultsInjected";
    /** Milliseconds spent waiting for a message from the coordinator. */
    public static final String IDLE_MILLIS = "idleMillis";
    /** Runs of the coverage build: one per staged child, and one per input that crashed or hung. */
    public static final String TRIAGE_PROBES = "triageProbes";
    /** Milliseconds those runs took, between two executions or overlapping the next one. */
    public static final String TRIAGE_MILLIS = "triageMillis";
    /**
     * Milliseconds the target ran: the wall times of the executions counted above, each from
     * launch until its end was observed, summed. Triage probes are not in it.
     */
    public static final String EXECUTION_MILLIS = "executionMillis";
    /**
     * Milliseconds from receiving the first ASSIGN to receiving the SHUTDOWN: the worker's wall
     * time at work, without the start-up before its first assignment; 0 if no ASSIGN came.
     */
    public static final String WALL_MILLIS = "wallMillis";

    private long results;
    private long executions;
    private long generated;
    private long childrenStaged;
    private long childrenOverLimit;
    private long inputMismatches;
    private long failures;
    private long ignoredMessages;
    private long faultsInjected;
    private long idleNanos;
    private long triageProbes;
    private long triageNanos;
    private long executionNanos;
    /** {@link System#nanoTime} when the first ASSIGN came; valid once {@link #working} is true. */
    private long firstAssignNanos;
    private boolean working;
    private long wallNanos;

    void result() {
        results++;
    }

    void execution(int outputs, Duration wallTime) {
        executions++;
        generated += outputs;
        executionNanos += wallTime.toNanos();
    }

    /** An ASSIGN was received at {@code nanos}; the first one starts the worker's wall time. */
    void assigned(long nanos) {
        if (!working) {
            working = true;
            firstAssignNanos = nanos;
        }
    }

    /** The SHUTDOWN was received at {@code nanos}: the worker's wall time ends. */
    void shutDown(long nanos) {
        wallNanos = working ? nanos - firstAssignNanos : 0;
    }

    void staged(ChildStaging.Staged staged) {
        childrenStaged += staged.children().size();
        childrenOverLimit += staged.overLimit();
        probed(staged.probes(), staged.probeNanos());
    }

    void probed(int probes, long nanos) {
        triageProbes += probes;
        triageNanos += nanos;
    }

    void inputMismatch() {
        inputMismatches++;
    }

    void failure() {
        failures++;
    }

    void ignoredMessage() {
        ignoredMessages++;
    }

    void faultInjected() {
        faultsInjected++;
    }

    void idle(long nanos) {
        idleNanos += nanos;
    }

    /** The figures by name, in the order the constants above list them. */
    public Map<String, Long> asMap() {
        Map<String, Long> figures = new LinkedHashMap<>();
        figures.put(RESULTS, results);
        figures.put(EXECUTIONS, executions);
        figures.put(GENERATED, generated);
        figures.put(CHILDREN_STAGED, childrenStaged);
        figures.put(CHILDREN_OVER_LIMIT, childrenOverLimit);
        figures.put(INPUT_MISMATCHES, inputMismatches);
        figures.put(FAILURES, failures);
        figures.put(IGNORED_MESSAGES, ignoredMessages);
        figures.put(FAULTS_INJECTED, faultsInjected);
        figures.put(IDLE_MILLIS, idleNanos / 1_000_000);
        figures.put(TRIAGE_PROBES, triageProbes);
        figures.put(TRIAGE_MILLIS, triageNanos / 1_000_000);
        figures.put(EXECUTION_MILLIS, executionNanos / 1_000_000);
        figures.put(WALL_MILLIS, wallNanos / 1_000_000);
        return figures;
    }

    @Override
    public String toString() {
        return asMap().toString();
    }
}
