package io.frontier.tools.report;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Executions committed, and the edges their children reached first, per executor kind, summed
 * over buckets of campaign time: bucket {@code i} holds the results committed from {@code i}
 * widths to {@code i + 1} widths after the first result added.
 *
 * <p>Invariant: the buckets from the earliest to the latest span at most {@link #MAX_BUCKETS}
 * widths, so a table or a plot of them stays small. The width starts at 1 s and steps up a ladder
 * (1 s, 5 s, 15 s, 30 s, 1 min, 5 min, 15 min, 30 min, 1 h, 3 h, 6 h, 12 h, 1 d, then doubling),
 * each rung a whole multiple of the one below, whenever a result falls outside that span; the
 * buckets then merge exactly. A demo of three minutes gets 5-s buckets, a day 30-min ones. One pass over a manifest of any length takes memory bounded by
 * the number of executor kinds. Results may come in any order of time. Not thread-safe.
 */
final class ExecutorSeries {

    /** Most buckets from the earliest to the latest. */
    static final int MAX_BUCKETS = 48;

    private static final long[] LADDER = {1_000, 5_000, 15_000, 30_000, 60_000, 300_000, 900_000, 1_800_000,
            3_600_000, 10_800_000, 21_600_000, 43_200_000, 86_400_000};

    /** Milliseconds per bucket. */
    private long width = LADDER[0];
    private int rung;
    /** When the first result added was committed, in Unix milliseconds; bucket 0 starts there. */
    private Long origin;
    /** Non-empty buckets by index, each by executor kind. */
    private final TreeMap<Long, Map<String, Sums>> buckets = new TreeMap<>();
    private final SortedSet<String> executors = new TreeSet<>();

    /** What the results of one executor kind add up to in one bucket. */
    private static final class Sums {
        long executions;
        long newEdges;

        Sums merge(Sums other) {
            executions += other.executions;
            newEdges += other.newEdges;
            return this;
        }
    }

    /** Adds one result of {@code executor}, committed at {@code atMillis}, whose children reached {@code newEdges} first. */
    void add(long atMillis, String executor, long newEdges) {
        if (origin == null) {
            origin = atMillis;
        }
        executors.add(executor);
        Sums sums = buckets.computeIfAbsent(Math.floorDiv(atMillis - origin, width), index -> new TreeMap<>())
                .computeIfAbsent(executor, kind -> new Sums());
        sums.executions++;
        sums.newEdges += newEdges;
        while (buckets.lastKey() - buckets.firstKey() >= MAX_BUCKETS) {
            coarsen();
        }
    }

    /** Milliseconds per bucket. */
    long width() {
        return width;
    }

    /** The executor kinds that committed any result, by name. */
    List<String> executors() {
        return List.copyOf(executors);
    }

    /**
     * One point per bucket from the earliest to the latest, empty ones included (with zeros for
     * every kind), in time order; seconds count from the earliest bucket's start, which is the
     * first result's commit when results come in commit order, as the manifest lists them.
     */
    List<ReportData.SeriesPoint> points() {
        List<ReportData.SeriesPoint> points = new ArrayList<>();
        if (buckets.isEmpty()) {
            return points;
        }
        for (long index = buckets.firstKey(); index <= buckets.lastKey(); index++) {
            Map<String, Sums> bucket = buckets.getOrDefault(index, Map.of());
            TreeMap<String, ReportData.ExecutorBucket> byExecutor = new TreeMap<>();
            for (String executor : executors) {
                Sums sums = bucket.get(executor);
                byExecutor.put(executor, sums == null ? new ReportData.ExecutorBucket(0, 0)
                        : new ReportData.ExecutorBucket(sums.executions, sums.newEdges));
            }
            long start = index * width;
            points.add(new ReportData.SeriesPoint(Instant.ofEpochMilli(origin + start).toString(),
                    (start - buckets.firstKey() * width) / 1000.0, Collections.unmodifiableSortedMap(byExecutor)));
        }
        return points;
    }

    private void coarsen() {
        long next = rung + 1 < LADDER.length ? LADDER[rung + 1] : width * 2;
        long factor = next / width;
        rung++;
        width = next;
        TreeMap<Long, Map<String, Sums>> merged = new TreeMap<>();
        buckets.forEach((index, bucket) -> {
            Map<String, Sums> into = merged.computeIfAbsent(Math.floorDiv(index, factor), i -> new TreeMap<>());
            bucket.forEach((executor, sums) -> into.merge(executor, sums, Sums::merge));
        });
        buckets.clear();
        buckets.putAll(merged);
    }
}
