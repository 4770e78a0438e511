package io.frontier.tools.report;

import io.frontier.tools.campaign.WorkersBusy;
import io.frontier.tools.status.StatusReport;
import java.util.List;
import java.util.Map;

/**
 * Everything the campaign report shows, aggregated from one pass over the store: what the page
 * is drawn from, and what {@code frontier report --json} prints.
 *
 * @param page where the HTML page was written
 * @param generatedAt when the report was read, as an ISO-8601 UTC instant
 * @param epoch the campaign's current epoch
 * @param timeline executions, new edges and frontier depth over time
 * @param depths committed executions per frontier depth, shallowest first
 * @param load committed executions per coordinator (manifest owner), by name
 * @param executors what the committed executions amount to per executor kind, with the
 *     redundant-child ratio, as their commit decisions counted them
 * @param executorSeries executions and new edges per executor kind over time, from the manifest
 * @param findings one row per finding signature, in signature order
 * @param jobs one row per job summary in {@code reports/}, by epoch
 * @param notes what a reader should know about these figures (entries that could not be read, ...)
 */
public record ReportData(String campaign, String directory, String store, String page, String generatedAt, long epoch,
                         Summary summary, Timeline timeline, List<DepthCount> depths, List<Load> load,
                         StatusReport.Executors executors, Series executorSeries,
                         List<FindingRow> findings, List<JobRow> jobs, List<String> notes) {

    /**
     * The campaign in figures.
     *
     * @param states work items per state, from the store's counters
     * @param tiers the pending items of each tier and the bytes tiers 1 to 3 hold, from the
     *     store's counters
     * @param invalidResults worker results judged invalid, each counted once
     * @param executions manifest entries: results committed, one execution each
     * @param open entries whose children are still being promoted
     * @param done entries that completed
     * @param abandoned entries given up (their work ran again or was dropped)
     * @param blocked manifest entries that could not be read (left out of every figure)
     * @param childrenGenerated children declared by the results not abandoned
     * @param childrenAdmitted of those, children that joined the frontier as new work
     * @param childrenRedundant of those, children that reached nothing new and were not kept
     * @param childrenFindings of those, children recorded as findings
     * @param leftOut outputs of committed executions that did not become children, by why
     * @param edges edges of the campaign's edge map that children reached first, summed over all
     *     entries (0 in a campaign that does not triage)
     * @param findings inputs recorded as findings
     * @param signatures distinct finding signatures
     * @param findingsCounted the store's findings counter, which should equal {@code findings}
     * @param maxDepth the deepest frontier depth an execution ran at
     * @param firstCommitAt the earliest commit decision, as an ISO-8601 UTC instant, or null
     * @param lastCommitAt the latest commit decision, or null
     */
    public record Summary(StatusReport.States states, StatusReport.Tiers tiers, long invalidResults, long executions, long open, long done,
                          long abandoned, long blocked, long childrenGenerated, long childrenAdmitted,
                          long childrenRedundant, long childrenFindings, StatusReport.LeftOut leftOut, long edges, long findings, int signatures,
                          long findingsCounted, int maxDepth, String firstCommitAt, String lastCommitAt) {
    }

    /**
     * A time series of at most {@link TimeBuckets#MAX_BUCKETS} points.
     *
     * @param bucketMillis the width of each point's bucket
     * @param points one per bucket in which some result was committed, in time order
     */
    public record Timeline(long bucketMillis, List<TimePoint> points) {
    }

    /**
     * The results committed in one bucket of time, and the running totals up to it.
     *
     * @param at the bucket's start, as an ISO-8601 UTC instant
     * @param seconds the bucket's start, in seconds after the first bucket's
     * @param executions results committed in the bucket
     * @param totalExecutions results committed up to the end of the bucket
     * @param newEdges edges first reached by the children of the bucket's results
     * @param edges edges first reached by children up to the end of the bucket
     * @param maxDepth the deepest frontier depth executed up to the end of the bucket
     */
    public record TimePoint(String at, double seconds, long executions, long totalExecutions, long newEdges,
                            long edges, int maxDepth) {
    }

    /**
     * Executions and new edges per executor kind over time, in buckets of equal width (see
     * {@link ExecutorSeries}).
     *
     * @param bucketMillis the width of each bucket
     * @param executors the executor kinds that committed any result, by name
     * @param points one per bucket from the first to the last, empty ones included
     */
    public record Series(long bucketMillis, List<String> executors, List<SeriesPoint> points) {
    }

    /**
     * One bucket of {@link Series}.
     *
     * @param at the bucket's start, as an ISO-8601 UTC instant
     * @param seconds the bucket's start, in seconds after the first bucket's
     * @param byExecutor every executor kind of the series, by name
     */
    public record SeriesPoint(String at, double seconds, Map<String, ExecutorBucket> byExecutor) {
    }

    /**
     * What the results of one executor kind committed in one bucket amount to.
     *
     * @param newEdges edges of the campaign's map that their children reached first
     */
    public record ExecutorBucket(long executions, long newEdges) {
    }

    /** Results committed for inputs at one frontier depth (0: seeds). */
    public record DepthCount(int depth, long executions) {
    }

    /**
     * The results one coordinator committed.
     *
     * @param coordinator the manifest owner, e.g. {@code epoch-2/rank-1}
     * @param children children those results declared
     * @param wallMillis the executions' wall time, summed, as the workers measured it
     */
    public record Load(String coordinator, long executions, long children, long wallMillis) {
    }

    /**
     * One finding signature.
     *
     * @param firstFoundAt when its first input was recorded, as an ISO-8601 UTC instant
     * @param firstInput the digest of that input
     */
    public record FindingRow(String signature, String kind, int signal, int count, String firstFoundAt,
                             String firstInput) {
    }

    /**
     * One job's summary as root wrote it.
     *
     * @param wallMillis how long the job ran, as root measured it
     * @param totals its coordinators' figures, summed (executions, childrenGenerated, ...)
     * @param busy its workers' busy fractions; null in a summary of a Frontier that did not record them
     */
    public record JobRow(long epoch, String ending, int exitCode, String reason, long wallMillis,
                         Map<String, Long> totals, WorkersBusy busy) {
    }
}
