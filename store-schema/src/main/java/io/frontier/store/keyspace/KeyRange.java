package io.frontier.store.keyspace;

import java.util.Arrays;

/** The keys {@code begin <= key < end}. The arrays are shared; do not modify them. */
public record KeyRange(byte[] begin, byte[] end) {

    /**
     * The keys of this range that sort strictly after {@code key}, which lies in it: the range
     * that an exclusive cursor at {@code key} leaves to read.
     */
    public KeyRange after(byte[] key) {
        byte[] successor = Arrays.copyOf(key, key.length + 1);
        return new KeyRange(successor, end);
    }

    /** True if {@code key} lies in this range. */
    public boolean contains(byte[] key) {
        return Arrays.compareUnsigned(begin, key) <= 0 && Arrays.compareUnsigned(key, end) < 0;
    }
}
