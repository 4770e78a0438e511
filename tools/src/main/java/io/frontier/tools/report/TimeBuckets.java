package io.frontier.tools.report;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Executions, new edges and frontier depth of committed results, summed over time in buckets of
 * equal width, for plotting.
 *
 * <p>Invariant: at most {@link #MAX_BUCKETS} buckets, spanning at most that many widths from the
 * first to the last. The width starts at one millisecond and doubles, merging neighbouring
 * buckets, whenever a time outside that span arrives; so one pass over a manifest of any length
 * and any duration, in any order of times, takes bounded memory, and the buckets are within a
 * factor of two of the narrowest that bound allows. Not thread-safe.
 */
final class TimeBuckets {

    /** Most buckets, and so most points of a plotted series. */
    static final int MAX_BUCKETS = 500;

    /** Milliseconds per bucket: a power of two. */
    private long width = 1;
    /** Non-empty buckets by index: bucket {@code i} holds times in {@code [i * width, (i + 1) * width)}. */
    private final TreeMap<Long, Bucket> buckets = new TreeMap<>();

    /** What the results committed within one bucket add up to. */
    private static final class Bucket {
        long executions;
        long newEdges;
        int maxDepth;

        Bucket merge(Bucket other) {
            executions += other.executions;
            newEdges += other.newEdges;
            maxDepth = Math.max(maxDepth, other.maxDepth);
            return this;
        }
    }

    /** Adds one execution committed at {@code atMillis} whose children reached {@code newEdges}, at {@code depth}. */
    void add(long atMillis, long newEdges, int depth) {
        Bucket bucket = buckets.computeIfAbsent(Math.floorDiv(atMillis, width), index -> new Bucket());
        bucket.executions++;
        bucket.newEdges += newEdges;
        bucket.maxDepth = Math.max(bucket.maxDepth, depth);
        while (buckets.lastKey() - buckets.firstKey() >= MAX_BUCKETS) {
            coarsen();
        }
    }

    /** Milliseconds per bucket. */
    long width() {
        return width;
    }

    /**
     * One point per non-empty bucket, in time order, with the running totals up to and including
     * it; times are the buckets' starts, and seconds count from the first bucket's start.
     */
    List<ReportData.TimePoint> points() {
        List<ReportData.TimePoint> points = new ArrayList<>(buckets.size());
        if (buckets.isEmpty()) {
            return points;
        }
        long origin = buckets.firstKey() * width;
        long executions = 0;
        long edges = 0;
        int maxDepth = 0;
        for (Map.Entry<Long, Bucket> entry : buckets.entrySet()) {
            Bucket bucket = entry.getValue();
            long start = entry.getKey() * width;
            executions += bucket.executions;
            edges += bucket.newEdges;
            maxDepth = Math.max(maxDepth, bucket.maxDepth);
            points.add(new ReportData.TimePoint(Instant.ofEpochMilli(start).toString(), (start - origin) / 1000.0,
                    bucket.executions, executions, bucket.newEdges, edges, maxDepth));
        }
        return points;
    }

    private void coarsen() {
        width *= 2;
        TreeMap<Long, Bucket> merged = new TreeMap<>();
        buckets.forEach((index, bucket) -> merged.merge(Math.floorDiv(index, 2), bucket, Bucket::merge));
        buckets.clear();
        buckets.putAll(merged);
    }
}
