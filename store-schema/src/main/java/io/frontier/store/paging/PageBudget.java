package io.frontier.store.paging;

import java.time.Duration;

/**
 * What one page of a listing may still read: {@link #BYTES} of keys and values and {@link #TIME}
 * since it began, a tenth of FoundationDB's 10 MB transaction size and a fifth of its 5 s
 * transaction lifetime. A page checks {@link #spent} after each item it has read whole and ends
 * there, so it may go past the budget by one item. One instance per execution of a read body,
 * never shared.
 */
public final class PageBudget {

    /** Bytes one page may read. */
    public static final long BYTES = 1 << 20;
    /** Time one page may take. */
    public static final Duration TIME = Duration.ofSeconds(1);

    private final long startedNanos;
    private long read;

    private PageBudget(long startedNanos) {
        this.startedNanos = startedNanos;
    }

    /** A budget whose time runs from now. */
    public static PageBudget start() {
        return new PageBudget(System.nanoTime());
    }

    /** Counts {@code bytes} more as read. */
    public void read(long bytes) {
        read += bytes;
    }

    /** Bytes counted so far. */
    public long bytesRead() {
        return read;
    }

    /** True once the page has read {@link #BYTES} or run {@link #TIME}. */
    public boolean spent() {
        return read >= BYTES || System.nanoTime() - startedNanos >= TIME.toNanos();
    }
}
