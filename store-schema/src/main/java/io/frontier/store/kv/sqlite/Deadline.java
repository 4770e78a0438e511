package io.frontier.store.kv.sqlite;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** The moment one transaction call must be finished by, fixed when the call starts. */
final class Deadline {

    private final Duration timeout;
    /** {@link System#nanoTime()} at which the call must have finished. */
    private final long endNanos;

    private Deadline(Duration timeout) {
        this.timeout = timeout;
        this.endNanos = System.nanoTime() + timeout.toNanos();
    }

    static Deadline after(Duration timeout) {
        return new Deadline(timeout);
    }

    Duration timeout() {
        return timeout;
    }

    long remainingNanos() {
        return endNanos - System.nanoTime();
    }

    boolean expired() {
        return remainingNanos() <= 0;
    }

    /** Sleeps for {@code nanos} or until the deadline, whichever comes first. */
    void pause(long nanos) {
        long sleep = Math.min(nanos, remainingNanos());
        if (sleep > 0) {
            try {
                TimeUnit.NANOSECONDS.sleep(sleep);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
