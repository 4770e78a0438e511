package io.frontier.store.campaign;

import com.apple.foundationdb.tuple.Tuple;
import io.frontier.store.kv.KeyValue;
import io.frontier.store.kv.ReadTransaction;
import io.frontier.store.kv.Transaction;
import io.frontier.store.record.RecordCodec;
import java.util.Collection;
import java.util.List;

/**
 * A read-write transaction with {@link PrefetchedReads}: the body reads the keys of a batch
 * together, serializably, before it decides the items one by one, and each write through this
 * object updates or forgets what was fetched for the key written, so the body still reads its
 * own writes. Snapshot reads go straight to the transaction underneath. One instance per
 * execution of a body, never shared.
 */
final class ReadAhead implements Transaction, Prefetching {

    private final Transaction tx;
    private final PrefetchedReads reads;

    ReadAhead(Transaction tx) {
        this.tx = tx;
        this.reads = new PrefetchedReads(tx);
    }

    @Override
    public void prefetch(Collection<byte[]> keys) {
        reads.prefetch(keys);
    }

    @Override
    public <T> T decoded(byte[] key, RecordCodec<T> codec) {
        return reads.decoded(key, codec);
    }

    @Override
    public byte[] get(byte[] key) {
        return reads.get(key);
    }

    @Override
    public List<byte[]> getAll(List<byte[]> keys) {
        return reads.getAll(keys);
    }

    @Override
    public List<KeyValue> getRange(byte[] begin, byte[] end, int limit, boolean reverse) {
        return tx.getRange(begin, end, limit, reverse);
    }

    @Override
    public ReadTransaction snapshot() {
        return tx.snapshot();
    }

    @Override
    public void set(byte[] key, byte[] value) {
        tx.set(key, value);
        reads.remember(key, value);
    }

    @Override
    public void clear(byte[] key) {
        tx.clear(key);
        reads.remember(key, null);
    }

    @Override
    public void clearRange(byte[] begin, byte[] end) {
        tx.clearRange(begin, end);
        reads.forget(begin, end);
    }

    @Override
    public void add(byte[] key, long delta) {
        tx.add(key, delta);
        reads.forget(key);
    }

    @Override
    public void bitOr(byte[] key, byte[] operand) {
        tx.bitOr(key, operand);
        reads.forget(key);
    }

    /** Writes a key no read can have named: its versionstamp is only known at commit. */
    @Override
    public void setVersionstampedKey(Tuple key, byte[] value) {
        tx.setVersionstampedKey(key, value);
    }

    @Override
    public void setVersionstampedValue(byte[] key, Tuple value) {
        tx.setVersionstampedValue(key, value);
        reads.forget(key);
    }

    @Override
    public void addReadConflictKey(byte[] key) {
        tx.addReadConflictKey(key);
    }

    @Override
    public void addReadConflictRange(byte[] begin, byte[] end) {
        tx.addReadConflictRange(begin, end);
    }
}
