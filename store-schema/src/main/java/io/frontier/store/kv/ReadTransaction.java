package io.frontier.store.kv;

import java.util.List;

/**
 * Reads of one transaction. In a read-write transaction these reads are serializable: a
 * concurrent commit that changes what was read makes this transaction conflict and retry.
 */
public interface ReadTransaction {

    /** No limit on the number of pairs a range read returns. */
    int UNLIMITED = 0;

    /** The value stored under {@code key}, or {@code null} if there is none. */
    byte[] get(byte[] key);

    /**
     * The values stored under {@code keys}, in the same order, null where there is none: what
     * {@link #get} returns for each key, with the same conflicts, but read together. On
     * FoundationDB every read is in flight at once and the call waits once, so a batch of keys
     * costs one round trip instead of one per key: a body that needs many keys it can name in
     * advance reads them here rather than with {@link #get} in a loop.
     *
     * @throws IllegalArgumentException if a key breaks {@link KeyLimits}
     */
    List<byte[]> getAll(List<byte[]> keys);

    /**
     * The pairs with {@code begin <= key < end} in key order (or reverse order), at most
     * {@code limit} of them ({@link #UNLIMITED} for all). A range with {@code begin >= end} is
     * empty; {@code end} may be the single byte {@code 0xFF}, the end of the user keyspace.
     *
     * @throws IllegalArgumentException if {@code limit} is negative or a bound breaks
     *     {@link KeyLimits}
     */
    List<KeyValue> getRange(byte[] begin, byte[] end, int limit, boolean reverse);
}
