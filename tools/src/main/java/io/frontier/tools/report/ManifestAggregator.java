package io.frontier.tools.report;

import io.frontier.store.manifest.Child;
import io.frontier.store.manifest.ManifestEntry;
import io.frontier.store.view.ManifestRecord;
import io.frontier.tools.HumanFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Folds manifest entries, fed one at a time in commit order, into the report's figures: counts,
 * the timeline, executions and new edges per executor kind over time, executions per frontier
 * depth and per coordinator.
 *
 * <p>What it holds does not grow with the number of entries: {@link TimeBuckets},
 * {@link ExecutorSeries}, a {@link DepthTracker} for the inputs waiting to run, and one sum per
 * depth and per coordinator.
 * Not thread-safe.
 */
final class ManifestAggregator {

    private final TimeBuckets timeline = new TimeBuckets();
    private final ExecutorSeries byExecutor = new ExecutorSeries();
    private final DepthTracker depths = new DepthTracker();
    private final TreeMap<Integer, Long> perDepth = new TreeMap<>();
    private final TreeMap<String, Sums> perOwner = new TreeMap<>();
    private long executions;
    private long open;
    private long done;
    private long abandoned;
    private long blocked;
    private long childrenGenerated;
    private long childrenAdmitted;
    private long childrenRedundant;
    private long childrenFindings;
    private long edges;
    private int maxDepth;
    private Double firstCommitAt;
    private Double lastCommitAt;

    /** One coordinator's committed results, summed. */
    private static final class Sums {
        long executions;
        long children;
        long wallMillis;
    }

    /** Adds one entry; entries must come in commit order, so that parents come before children. */
    void add(ManifestRecord record) {
        ManifestEntry entry = record.entry();
        ManifestRecord.Status status = record.status();
        int depth = depths.depthOf(entry.work());
        if (status == ManifestRecord.Status.DONE) {
            depths.ran(entry.work());
        }
        long newEdges = 0;
        for (Child child : record.children()) {
            newEdges += child.newEdges();
            if (status != ManifestRecord.Status.ABANDONED) {
                countChild(child, depth);
            }
        }
        executions++;
        switch (status) {
            case OPEN -> open++;
            case DONE -> done++;
            case ABANDONED -> abandoned++;
        }
        edges += newEdges;
        maxDepth = Math.max(maxDepth, depth);
        perDepth.merge(depth, 1L, Long::sum);
        Sums load = perOwner.computeIfAbsent(entry.owner().name(), owner -> new Sums());
        load.executions++;
        load.children += entry.children();
        load.wallMillis += entry.execution().wallMillis();
        double at = entry.committedAt();
        firstCommitAt = firstCommitAt == null ? at : Math.min(firstCommitAt, at);
        lastCommitAt = lastCommitAt == null ? at : Math.max(lastCommitAt, at);
        timeline.add(Math.round(at * 1000), newEdges, depth);
        byExecutor.add(Math.round(at * 1000), entry.execution().executor(), newEdges);
    }

    /** Counts {@code entries} manifest entries that could not be read. */
    void blocked(int entries) {
        blocked += entries;
    }

    private void countChild(Child child, int parentDepth) {
        childrenGenerated++;
        switch (child.fate()) {
            case FRONTIER -> {
                childrenAdmitted++;
                depths.joined(child.digest(), parentDepth + 1);
            }
            case DEFERRED -> {
                childrenRedundant++;
                depths.joined(child.digest(), parentDepth + 1);
            }
            case REDUNDANT, DROPPED -> childrenRedundant++;
            case FINDING -> childrenFindings++;
        }
    }

    long executions() {
        return executions;
    }

    long open() {
        return open;
    }

    long done() {
        return done;
    }

    long abandoned() {
        return abandoned;
    }

    long blocked() {
        return blocked;
    }

    long childrenGenerated() {
        return childrenGenerated;
    }

    long childrenAdmitted() {
        return childrenAdmitted;
    }

    long childrenRedundant() {
        return childrenRedundant;
    }

    long childrenFindings() {
        return childrenFindings;
    }

    long edges() {
        return edges;
    }

    int maxDepth() {
        return maxDepth;
    }

    /** The earliest commit decision as an ISO-8601 UTC instant, or null before any entry. */
    String firstCommitAt() {
        return firstCommitAt == null ? null : HumanFormat.instant(firstCommitAt);
    }

    String lastCommitAt() {
        return lastCommitAt == null ? null : HumanFormat.instant(lastCommitAt);
    }

    ReportData.Timeline timeline() {
        return new ReportData.Timeline(timeline.width(), timeline.points());
    }

    ReportData.Series executorSeries() {
        return new ReportData.Series(byExecutor.width(), byExecutor.executors(), byExecutor.points());
    }

    List<ReportData.DepthCount> depths() {
        List<ReportData.DepthCount> counts = new ArrayList<>(perDepth.size());
        perDepth.forEach((depth, count) -> counts.add(new ReportData.DepthCount(depth, count)));
        return counts;
    }

    List<ReportData.Load> load() {
        List<ReportData.Load> load = new ArrayList<>(perOwner.size());
        for (Map.Entry<String, Sums> owner : perOwner.entrySet()) {
            Sums sums = owner.getValue();
            load.add(new ReportData.Load(owner.getKey(), sums.executions, sums.children, sums.wallMillis));
        }
        return load;
    }
}
