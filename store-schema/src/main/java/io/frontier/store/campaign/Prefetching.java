package io.frontier.store.campaign;

import io.frontier.store.kv.ReadTransaction;
import io.frontier.store.record.RecordCodec;
import java.util.Collection;

/** Reads that can fetch, ahead and together, the keys a batch will read one by one. */
interface Prefetching extends ReadTransaction {

    /** Reads together those of {@code keys} not yet fetched; later reads of them cost nothing. */
    void prefetch(Collection<byte[]> keys);

    /**
     * The value of {@code key} decoded by {@code codec}, or null if the key holds nothing; decoded
     * once for as long as the transaction does not change the key, the same record answered to
     * every later call.
     */
    <T> T decoded(byte[] key, RecordCodec<T> codec);

    /** {@link #decoded} where {@code tx} can remember decodings, else a plain read and decode. */
    static <T> T decode(ReadTransaction tx, byte[] key, RecordCodec<T> codec) {
        if (tx instanceof Prefetching prefetching) {
            return prefetching.decoded(key, codec);
        }
        byte[] value = tx.get(key);
        return value == null ? null : codec.decode(key, value);
    }
}
