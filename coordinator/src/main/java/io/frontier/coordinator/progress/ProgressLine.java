package io.frontier.coordinator.progress;

import io.frontier.store.exploration.Tier;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Root's progress line, one per interval: executions so far and per second since the previous
 * line, items done (fewer than executions once items run again in lower tiers), how busy the
 * workers have been in this job, the frontier per tier, the share of children that
 * reached nothing new (of those that carried coverage), edges, findings and each coordinator's
 * share of this job's executions.
 * Holds the previous reading for the rate; owned by root's loop.
 *
 * <p>The busy fraction here is live and approximate: the wall time of the executions this job
 * has committed over the workers' time since root started. It lags by the executions still
 * running, and counts the start-up before the first assignment; the exact figure per worker is
 * in the job's summary.
 */
public final class ProgressLine {

    private final Supplier<ProgressSnapshot> source;
    private final long startNanos;
    private final int workers;
    private long previousNanos;
    private long previousExecutions = -1;

    /**
     * @param source reads the campaign from the store (snapshot reads)
     * @param startNanos when this job's root started, by {@link System#nanoTime}
     * @param workers the job's worker ranks
     */
    public ProgressLine(Supplier<ProgressSnapshot> source, long startNanos, int workers) {
        this.source = source;
        this.startNanos = startNanos;
        this.workers = workers;
        this.previousNanos = startNanos;
    }

    /** Reads the campaign and renders the line for {@code nowNanos}. */
    public String next(long nowNanos) {
        ProgressSnapshot now = source.get();
        double seconds = (nowNanos - previousNanos) / 1e9;
        String rate = previousExecutions < 0 || seconds <= 0 ? "-"
                : String.format(Locale.ROOT, "%.1f", (now.executions() - previousExecutions) / seconds);
        previousExecutions = now.executions();
        previousNanos = nowNanos;
        return String.format("progress: %s, %d executions (%s/s), %d done, workers busy %s, frontier %d pending (%s) + %d running,"
                        + " children redundant %s, edges %d, findings %d, invalid %d, load %s",
                elapsed(nowNanos - startNanos), now.executions(), rate, now.done(), busy(now.executionMillis(), nowNanos - startNanos),
                now.pending(), tiers(now.pendingByTier()), now.running(), percent(now.redundant(), now.children()),
                now.edges(), now.findings(), now.invalid(), load(now.load()));
    }

    /** The executions' time over the workers' time since the start, or "-" before there is any. */
    private String busy(long executionMillis, long elapsedNanos) {
        long workerMillis = workers * (elapsedNanos / 1_000_000);
        return percent(executionMillis, workerMillis);
    }

    /** {@code part} of {@code whole} as a whole percentage, or "-" when {@code whole} is 0. */
    private static String percent(long part, long whole) {
        return whole <= 0 ? "-" : Math.round(100.0 * part / whole) + "%";
    }

    /** E.g. {@code new-coverage 5, redundant 4, retry 2, repeat 1}. */
    private static String tiers(List<Long> pendingByTier) {
        StringBuilder text = new StringBuilder();
        for (int tier = 0; tier < pendingByTier.size(); tier++) {
            text.append(tier == 0 ? "" : ", ").append(Tier.name(tier)).append(' ').append(pendingByTier.get(tier));
        }
        return text.toString();
    }

    private static String load(Map<Integer, Long> load) {
        if (load.isEmpty()) {
            return "-";
        }
        long total = load.values().stream().mapToLong(Long::longValue).sum();
        StringBuilder text = new StringBuilder();
        for (Map.Entry<Integer, Long> entry : new TreeMap<>(load).entrySet()) {
            if (text.length() > 0) {
                text.append(' ');
            }
            long share = total == 0 ? 0 : Math.round(100.0 * entry.getValue() / total);
            text.append('c').append(entry.getKey()).append('=').append(entry.getValue()).append(" (").append(share)
                    .append("%)");
        }
        return text.toString();
    }

    private static String elapsed(long nanos) {
        long seconds = nanos / 1_000_000_000L;
        return seconds >= 3600 ? String.format("%dh%02dm%02ds", seconds / 3600, seconds / 60 % 60, seconds % 60)
                : String.format("%dm%02ds", seconds / 60, seconds % 60);
    }
}
