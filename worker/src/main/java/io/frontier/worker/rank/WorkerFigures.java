package io.frontier.worker.rank;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one worker rank did during the job, sent with its SHUTDOWN ACK for the campaign summary.
 * Counts only grow. Used by the worker's thread only.
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

    void result() {
        results++;
    }

    void execution(int outputs) {
        executions++;
        generated += outputs;
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
        return figures;
    }

    @Override
    public String toString() {
        return asMap().toString();
    }
}
