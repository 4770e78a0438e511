package io.frontier.store.kv.sqlite;

import com.apple.foundationdb.tuple.Tuple;
import io.frontier.store.kv.KeyLimits;
import io.frontier.store.kv.KeyValue;
import io.frontier.store.kv.ReadTransaction;
import io.frontier.store.kv.Transaction;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One execution of a read-write body inside {@code BEGIN IMMEDIATE}: this connection holds the
 * store's only write lock, so every read is serializable without conflict tracking, conflict
 * hints are no-ops, and atomic operations are plain read-modify-write.
 *
 * <p>The versionstamp is taken on first use by incrementing the commit counter in this same
 * transaction; since commits are serialised by the write lock, a later commit always gets a
 * larger stamp, and a rolled-back transaction gives its number back.
 */
final class SqliteTransaction implements Transaction {

    private final Statements statements;
    private final Lifetime lifetime;
    private final SqliteReadTransaction reads;
    /** This transaction's 10-byte versionstamp, once a versionstamped operation needed it. */
    private byte[] transactionVersion;

    SqliteTransaction(Statements statements, Lifetime lifetime) {
        this.statements = statements;
        this.lifetime = lifetime;
        this.reads = new SqliteReadTransaction(statements, lifetime);
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
        return reads.getRange(begin, end, limit, reverse);
    }

    @Override
    public ReadTransaction snapshot() {
        return reads;
    }

    @Override
    public void set(byte[] key, byte[] value) {
        KeyLimits.checkKey(key);
        KeyLimits.checkValue(value);
        lifetime.check();
        statements.put(key, value);
    }

    @Override
    public void clear(byte[] key) {
        KeyLimits.checkKey(key);
        lifetime.check();
        statements.delete(key);
    }

    @Override
    public void clearRange(byte[] begin, byte[] end) {
        KeyLimits.checkRange(begin, end);
        lifetime.check();
        statements.deleteRange(begin, end);
    }

    /** FoundationDB's ADD with an 8-byte operand: the old value is cut or zero-padded to 8 bytes. */
    @Override
    public void add(byte[] key, long delta) {
        KeyLimits.checkKey(key);
        lifetime.check();
        byte[] old = Arrays.copyOf(orEmpty(statements.get(key)), Long.BYTES);
        long sum = ByteBuffer.wrap(old).order(ByteOrder.LITTLE_ENDIAN).getLong() + delta;
        statements.put(key, ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN).putLong(sum).array());
    }

    /** FoundationDB's BIT_OR: the old value is cut or zero-padded to the operand's length. */
    @Override
    public void bitOr(byte[] key, byte[] operand) {
        KeyLimits.checkKey(key);
        KeyLimits.checkValue(operand);
        lifetime.check();
        byte[] result = Arrays.copyOf(orEmpty(statements.get(key)), operand.length);
        for (int i = 0; i < result.length; i++) {
            result[i] |= operand[i];
        }
        statements.put(key, result);
    }

    @Override
    public void setVersionstampedKey(Tuple key, byte[] value) {
        Objects.requireNonNull(key, "key");
        KeyLimits.checkValue(value);
        lifetime.check();
        byte[] packed = KeyLimits.checkKey(Versionstamps.pack(key, transactionVersion()));
        statements.put(packed, value);
    }

    @Override
    public void setVersionstampedValue(byte[] key, Tuple value) {
        KeyLimits.checkKey(key);
        Objects.requireNonNull(value, "value");
        lifetime.check();
        byte[] packed = KeyLimits.checkValue(Versionstamps.pack(value, transactionVersion()));
        statements.put(key, packed);
    }

    /** A no-op: no other writer can run until this transaction ends. */
    @Override
    public void addReadConflictKey(byte[] key) {
        KeyLimits.checkKey(key);
        lifetime.check();
    }

    /** A no-op: no other writer can run until this transaction ends. */
    @Override
    public void addReadConflictRange(byte[] begin, byte[] end) {
        KeyLimits.checkRange(begin, end);
        lifetime.check();
    }

    private byte[] transactionVersion() {
        if (transactionVersion == null) {
            long commitNumber = statements.commitCounter() + 1;
            statements.setCommitCounter(commitNumber);
            transactionVersion = Versionstamps.transactionVersion(commitNumber);
        }
        return transactionVersion;
    }

    private static byte[] orEmpty(byte[] value) {
        return value == null ? new byte[0] : value;
    }
}
