package io.frontier.store.kv.fdb;

import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.tuple.Tuple;
import io.frontier.store.kv.ConflictHints;
import io.frontier.store.kv.KeyLimits;
import io.frontier.store.kv.KeyValue;
import io.frontier.store.kv.ReadTransaction;
import io.frontier.store.kv.Transaction;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/** One execution of a read-write body on a FoundationDB transaction; each call maps to one fdb-java call. */
final class FdbTransaction implements Transaction {

    /** fdb-java appends the 4-byte position of the incomplete versionstamp to what it packs. */
    private static final int VERSIONSTAMP_OFFSET_BYTES = 4;

    private final com.apple.foundationdb.Transaction transaction;
    private final Usable usable;
    private final ConflictHints hints = new ConflictHints();
    private final FdbReadTransaction serializable;
    private final FdbReadTransaction snapshot;

    FdbTransaction(com.apple.foundationdb.Transaction transaction, Usable usable, Duration waitLimit, String store) {
        this.transaction = transaction;
        this.usable = usable;
        this.serializable = new FdbReadTransaction(transaction, usable, waitLimit, store, hints);
        this.snapshot = new FdbReadTransaction(transaction.snapshot(), usable, waitLimit, store, hints);
    }

    @Override
    public byte[] get(byte[] key) {
        return serializable.get(key);
    }

    @Override
    public List<byte[]> getAll(List<byte[]> keys) {
        return serializable.getAll(keys);
    }

    @Override
    public List<KeyValue> getRange(byte[] begin, byte[] end, int limit, boolean reverse) {
        return serializable.getRange(begin, end, limit, reverse);
    }

    @Override
    public ReadTransaction snapshot() {
        return snapshot;
    }

    @Override
    public void set(byte[] key, byte[] value) {
        KeyLimits.checkKey(key);
        KeyLimits.checkValue(key, value);
        usable.check();
        transaction.set(key, value);
    }

    @Override
    public void clear(byte[] key) {
        KeyLimits.checkKey(key);
        usable.check();
        transaction.clear(key);
    }

    @Override
    public void clearRange(byte[] begin, byte[] end) {
        KeyLimits.checkRange(begin, end);
        usable.check();
        transaction.clear(begin, end);
    }

    @Override
    public void add(byte[] key, long delta) {
        KeyLimits.checkKey(key);
        usable.check();
        transaction.mutate(MutationType.ADD, key,
                ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN).putLong(delta).array());
    }

    @Override
    public void bitOr(byte[] key, byte[] operand) {
        KeyLimits.checkKey(key);
        KeyLimits.checkValue(key, operand);
        usable.check();
        transaction.mutate(MutationType.BIT_OR, key, operand);
    }

    @Override
    public void setVersionstampedKey(Tuple key, byte[] value) {
        Objects.requireNonNull(key, "key");
        usable.check();
        byte[] packed = key.packWithVersionstamp();
        byte[] withoutOffset = KeyLimits.checkKey(Arrays.copyOf(packed, packed.length - VERSIONSTAMP_OFFSET_BYTES));
        KeyLimits.checkValue(withoutOffset, value);
        transaction.mutate(MutationType.SET_VERSIONSTAMPED_KEY, packed, value);
    }

    @Override
    public void setVersionstampedValue(byte[] key, Tuple value) {
        KeyLimits.checkKey(key);
        Objects.requireNonNull(value, "value");
        usable.check();
        byte[] packed = value.packWithVersionstamp();
        KeyLimits.checkValue(key, Arrays.copyOf(packed, packed.length - VERSIONSTAMP_OFFSET_BYTES));
        transaction.mutate(MutationType.SET_VERSIONSTAMPED_VALUE, key, packed);
    }

    @Override
    public void addReadConflictKey(byte[] key) {
        KeyLimits.checkKey(key);
        usable.check();
        hints.checkHint(key);
        transaction.addReadConflictKey(key);
    }

    @Override
    public void addReadConflictRange(byte[] begin, byte[] end) {
        KeyLimits.checkRange(begin, end);
        usable.check();
        hints.checkHint(begin);
        transaction.addReadConflictRange(begin, end);
    }
}
