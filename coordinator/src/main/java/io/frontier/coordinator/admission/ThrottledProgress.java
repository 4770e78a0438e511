package io.frontier.coordinator.admission;

import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Passes on a progress line at most once per interval, so a check that reports after every
 * object writes a line a minute, not millions; the line is only formatted when it is passed on.
 * One instance per check; not thread-safe.
 */
final class ThrottledProgress {

    private final Consumer<String> sink;
    private final long intervalNanos;
    private long nextNanos;

    ThrottledProgress(Consumer<String> sink, Duration interval) {
        this.sink = sink;
        this.intervalNanos = interval.toNanos();
        this.nextNanos = System.nanoTime() + intervalNanos;
    }

    void offer(Supplier<String> line) {
        long now = System.nanoTime();
        if (now - nextNanos >= 0) {
            nextNanos = now + intervalNanos;
            sink.accept(line.get());
        }
    }
}
