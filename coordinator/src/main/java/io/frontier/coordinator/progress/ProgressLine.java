package io.frontier.coordinator.progress;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Root's progress line, one per interval: executions per second since the previous line, the
 * frontier, edges, findings and each coordinator's share of this job's executions. Holds the
 * previous reading for the rate; owned by root's loop.
 */
public final class ProgressLine {

    private final Supplier<ProgressSnapshot> source;
    private final long startNanos;
    private long previousNanos;
    private long previousDone = -1;

    /** @param source reads the campaign from the store (snapshot reads) */
    public ProgressLine(Supplier<ProgressSnapshot> source, long startNanos) {
        this.source = source;
        this.startNanos = startNanos;
        this.previousNanos = startNanos;
    }

    /** Reads the campaign and renders the line for {@code nowNanos}. */
    public String next(long nowNanos) {
        ProgressSnapshot now = source.get();
        double seconds = (nowNanos - previousNanos) / 1e9;
        String rate = previousDone < 0 || seconds <= 0 ? "-"
                : String.format(Locale.ROOT, "%.1f", (now.done() - previousDone) / seconds);
        previousDone = now.done();
        previousNanos = nowNanos;
        return String.format("progress: %s, %d executions (%s/s), frontier %d pending (%d in lower tiers) + %d running, edges %d,"
                        + " findings %d, invalid %d, load %s",
                elapsed(nowNanos - startNanos), now.done(), rate, now.pending(), now.lowerTiers(), now.running(), now.edges(),
                now.findings(), now.invalid(), load(now.load()));
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
