package io.frontier.coordinator.rank;

import com.sun.management.OperatingSystemMXBean;
import io.frontier.coordinator.termination.CoordinatorFigures;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one coordinator did during a job; the summary's per-coordinator row. Not thread-safe:
 * owned by the coordinator's loop.
 */
final class CoordinatorCounts implements CoordinatorFigures {

    /**
     * Invalid results the store recorded for the whole campaign, every job included (root
     * only; elsewhere 0): a campaign that ever had one ends with exit code 1, even after a
     * crash and a resume lost the count in memory.
     */
    private final java.util.function.LongSupplier recordedInvalidResults;

    CoordinatorCounts(java.util.function.LongSupplier recordedInvalidResults) {
        this.recordedInvalidResults = recordedInvalidResults;
    }

    /** RESULTs accepted and committed (one per execution that counted). */
    long executions;
    /** Outputs the executions wrote, before de-duplication. */
    long childrenGenerated;
    /** Children declared in committed results (distinct within a result). */
    long childrenDeclared;
    /** Children this coordinator's completions enqueued as new work (new to the campaign). */
    long uniqueChildren;
    /** RESULTs rejected as invalid. */
    long invalidResults;
    /** Worker ranks quarantined. */
    long quarantinedWorkers;
    /** Worker ranks written off for the rest of the job: an assignment overdue. */
    long writtenOffWorkers;
    /** Items dispatched (ASSIGNs sent), retries included. */
    long dispatched;
    /** Results whose commit the store refused (stale token or epoch). */
    long refusedCommits;
    /** Milliseconds this coordinator had nothing queued and nothing running. */
    long idleMillis;
    /** 1 once this coordinator stopped taking work at its budget, else 0. */
    long budgetStops;
    /** 1 once this coordinator stopped taking work because the job was asked to stop, else 0. */
    long stopRequests;
    /** Whether the campaign has fuzzing sessions: only then are the session figures below in the summary. */
    boolean sessions;
    /** Session slices sent. */
    long sessionSlices;
    /** Slices that started a new fuzzer instance (a worker's first, or after its fuzzer ended). */
    long sessionStarts;
    /** Inputs of the campaign's feed sent as the seeds of new instances. */
    long sessionSeeds;
    /** Inputs of the campaign's feed sent to running instances as imports. */
    long sessionImports;
    /** The split's target share of worker time for fuzzing as the job ended, in per mille. */
    long fuzzTargetPermille;
    /** The share of worker time this coordinator planned for fuzzing lately, as the job ended, in per mille. */
    long fuzzSharePermille;

    /**
     * CPU time of this rank's process so far (every thread of its JVM: the loop, its lanes, the
     * JIT and the collector), in milliseconds; -1 where the JVM cannot tell. Each rank of a job
     * is a process of its own, so this is what coordinating cost the node.
     */
    private static long processCpuMillis() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os) {
            long nanos = os.getProcessCpuTime();
            return nanos < 0 ? -1 : nanos / 1_000_000;
        }
        return -1;
    }

    @Override
    public long invalidResults() {
        return Math.max(invalidResults, recordedInvalidResults.getAsLong());
    }

    @Override
    public Map<String, Long> counts() {
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("executions", executions);
        counts.put("childrenGenerated", childrenGenerated);
        counts.put("childrenDeclared", childrenDeclared);
        counts.put("uniqueChildren", uniqueChildren);
        counts.put("invalidResults", invalidResults);
        counts.put("quarantinedWorkers", quarantinedWorkers);
        counts.put("writtenOffWorkers", writtenOffWorkers);
        counts.put("dispatched", dispatched);
        counts.put("refusedCommits", refusedCommits);
        counts.put("idleMillis", idleMillis);
        counts.put("budgetStops", budgetStops);
        counts.put("stopRequests", stopRequests);
        counts.put("cpuMillis", processCpuMillis());
        if (sessions) {
            counts.put("sessionSlices", sessionSlices);
            counts.put("sessionStarts", sessionStarts);
            counts.put("sessionSeeds", sessionSeeds);
            counts.put("sessionImports", sessionImports);
            counts.put("fuzzTargetPermille", fuzzTargetPermille);
            counts.put("fuzzSharePermille", fuzzSharePermille);
        }
        return counts;
    }
}
