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
     * The pairs with {@code begin <= key < end} in key order (or reverse order), at most
     * {@code limit} of them ({@link #UNLIMITED} for all). A range with {@code begin >= end} is
     * empty; {@code end} may be the single byte {@code 0xFF}, the end of the user keyspace.
     *
     * @throws IllegalArgumentException if {@code limit} is negative or a bound breaks
     *     {@link KeyLimits}
     */
    List<KeyValue> getRange(byte[] begin, byte[] end, int limit, boolean reverse);
}
