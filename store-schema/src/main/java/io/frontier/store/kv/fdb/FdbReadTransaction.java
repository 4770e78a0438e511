package io.frontier.store.kv.fdb;

import io.frontier.store.kv.ConflictHints;
import io.frontier.store.kv.KeyLimits;
import io.frontier.store.kv.KeyValue;
import io.frontier.store.kv.ReadTransaction;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Reads through a FoundationDB read transaction: serializable when given the transaction
 * itself, conflict-free when given its {@code snapshot()}.
 */
final class FdbReadTransaction implements ReadTransaction {

    private final com.apple.foundationdb.ReadTransaction reads;
    private final Usable usable;
    private final Duration waitLimit;
    private final String store;
    /** Told of every read, so that a conflict hint before the first one is refused; shared by a transaction's two views. */
    private final ConflictHints hints;

    FdbReadTransaction(com.apple.foundationdb.ReadTransaction reads, Usable usable, Duration waitLimit, String store,
            ConflictHints hints) {
        this.reads = reads;
        this.usable = usable;
        this.waitLimit = waitLimit;
        this.store = store;
        this.hints = hints;
    }

    @Override
    public byte[] get(byte[] key) {
        KeyLimits.checkKey(key);
        usable.check();
        hints.read();
        return FdbFutures.await(reads.get(key), waitLimit, store, usable);
    }

    @Override
    public List<byte[]> getAll(List<byte[]> keys) {
        keys.forEach(KeyLimits::checkKey);
        usable.check();
        if (!keys.isEmpty()) {
            hints.read();
        }
        List<CompletableFuture<byte[]>> values = new ArrayList<>(keys.size());
        for (byte[] key : keys) {
            values.add(reads.get(key));
        }
        return FdbFutures.awaitAll(values, waitLimit, store, usable);
    }

    @Override
    public List<KeyValue> getRange(byte[] begin, byte[] end, int limit, boolean reverse) {
        KeyLimits.checkBound(begin);
        KeyLimits.checkBound(end);
        KeyLimits.checkLimit(limit);
        usable.check();
        if (Arrays.compareUnsigned(begin, end) >= 0) {
            return List.of();
        }
        hints.read();
        List<com.apple.foundationdb.KeyValue> found =
                FdbFutures.await(reads.getRange(begin, end, limit, reverse).asList(), waitLimit, store, usable);
        List<KeyValue> pairs = new ArrayList<>(found.size());
        for (com.apple.foundationdb.KeyValue pair : found) {
            pairs.add(new KeyValue(pair.getKey(), pair.getValue()));
        }
        return pairs;
    }
}
