package io.frontier.store.paging;

import io.frontier.store.kv.StoreException;
import io.frontier.store.kv.TransactionTimeoutException;
import io.frontier.store.kv.TransactionTooOldException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * Reads the pages of a listing, and when a page's transaction times out (its deadline passed, or
 * it outlived FoundationDB's 5 s), reads the same page again with half as many items, down to one. A page that timed out committed nothing and
 * changed nothing, so reading it again is harmless; what a smaller page returns is a prefix of
 * what the larger one would have, and its cursor continues from there.
 *
 * <p>It remembers the size that last fitted after a time-out, so the next page of the listing
 * starts there instead of timing out again at the size asked for, and tries twice that size each
 * time a page fits at once. Thread-safe; one instance per view or store, shared by its callers.
 */
public final class ShrinkingPages {

    /** The page size to start from, or 0 while no page has timed out. */
    private final AtomicInteger fitted = new AtomicInteger();

    /**
     * The page {@code read} returns for {@code limit} items, or for the largest smaller size
     * (halving each time, down to one) whose read does not time out.
     *
     * @throws StoreException the {@link TransactionTimeoutException} or
     *     {@link TransactionTooOldException} of a page of one item
     */
    public <T> T read(int limit, IntFunction<T> read) {
        int hint = fitted.get();
        int size = hint == 0 ? limit : Math.min(limit, hint);
        boolean shrunk = false;
        while (true) {
            try {
                T page = read.apply(size);
                if (shrunk) {
                    fitted.set(size);
                } else if (hint != 0) {
                    fitted.set(hint >= limit ? 0 : hint * 2);
                }
                return page;
            } catch (TransactionTimeoutException | TransactionTooOldException e) {
                if (size == 1) {
                    throw e;
                }
                size = Math.max(1, size / 2);
                shrunk = true;
            }
        }
    }
}
