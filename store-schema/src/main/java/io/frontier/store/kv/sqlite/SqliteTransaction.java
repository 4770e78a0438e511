package io.frontier.store.kv.sqlite;

import com.apple.foundationdb.tuple.Tuple;
import io.frontier.store.kv.ConflictHints;
import io.frontier.store.kv.KeyLimits;
import io.frontier.store.kv.KeyValue;
import io.frontier.store.kv.ReadTransaction;
import io.frontier.store.kv.Transaction;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One execution of a read-write body inside {@code BEGIN IMMEDIATE}: this connection holds the
 * store's only write lock, so every read is serializable without conflict tracking, conflict
 * hints change nothing, and atomic operations are plain read-modify-write.
 *
 * <p>Strict: it refuses what FoundationDB would refuse, so that a body that passes here does not
 * fail on a cluster. It counts the affected data ({@link AffectedBytes}, checked at commit),
 * refuses reads of what it wrote with a versionstamp ({@link UnreadableKeys}), refuses a
 * conflict hint before the first read ({@link ConflictHints}), and checks the transaction's age
 * on every operation ({@link Lifetime}).
 *
 * <p>The versionstamp is taken on first use by incrementing the commit counter in this same
 * transaction; since commits are serialised by the write lock, a later commit always gets a
 * larger stamp, and a rolled-back transaction gives its number back.
 */
final class SqliteTransaction implements Transaction {

    private final Statements statements;
    private final Lifetime lifetime;
    private final String store;
    private final AffectedBytes affected = new AffectedBytes();
    private final UnreadableKeys unreadable = new UnreadableKeys();
    private final ConflictHints hints = new ConflictHints();
    private final ReadTransaction snapshot = new Snapshot();
    /** This transaction's commit number, once a versionstamped operation needed it; 0 before. */
    private long commitNumber;

    SqliteTransaction(Statements statements, Lifetime lifetime, String store) {
        this.statements = statements;
        this.lifetime = lifetime;
        this.store = store;
    }

    @Override
    public byte[] get(byte[] key) {
        byte[] value = read(key);
        affected.readKey(key);
        return value;
    }

    /** One statement per key: a local file has no round trip worth saving. */
    @Override
    public List<byte[]> getAll(List<byte[]> keys) {
        List<byte[]> values = new ArrayList<>(keys.size());
        for (byte[] key : keys) {
            values.add(get(key));
        }
        return values;
    }

    @Override
    public List<KeyValue> getRange(byte[] begin, byte[] end, int limit, boolean reverse) {
        return readRange(begin, end, limit, reverse, true);
    }

    @Override
    public ReadTransaction snapshot() {
        return snapshot;
    }

    @Override
    public void set(byte[] key, byte[] value) {
        KeyLimits.checkKey(key);
        KeyLimits.checkValue(key, value);
        lifetime.check();
        statements.put(key, value);
        affected.set(key, value);
    }

    @Override
    public void clear(byte[] key) {
        KeyLimits.checkKey(key);
        lifetime.check();
        statements.delete(key);
        affected.clear(key);
    }

    @Override
    public void clearRange(byte[] begin, byte[] end) {
        KeyLimits.checkRange(begin, end);
        lifetime.check();
        statements.deleteRange(begin, end);
        affected.clearRange(begin, end);
    }

    /** FoundationDB's ADD with an 8-byte operand: the old value is cut or zero-padded to 8 bytes. */
    @Override
    public void add(byte[] key, long delta) {
        KeyLimits.checkKey(key);
        lifetime.check();
        byte[] old = Arrays.copyOf(orEmpty(statements.get(key)), Long.BYTES);
        long sum = ByteBuffer.wrap(old).order(ByteOrder.LITTLE_ENDIAN).getLong() + delta;
        statements.put(key, ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN).putLong(sum).array());
        affected.atomic(key, Long.BYTES);
    }

    /** FoundationDB's BIT_OR: the old value is cut or zero-padded to the operand's length. */
    @Override
    public void bitOr(byte[] key, byte[] operand) {
        KeyLimits.checkKey(key);
        KeyLimits.checkValue(key, operand);
        lifetime.check();
        byte[] result = Arrays.copyOf(orEmpty(statements.get(key)), operand.length);
        for (int i = 0; i < result.length; i++) {
            result[i] |= operand[i];
        }
        statements.put(key, result);
        affected.atomic(key, operand.length);
    }

    @Override
    public void setVersionstampedKey(Tuple key, byte[] value) {
        Objects.requireNonNull(key, "key");
        lifetime.check();
        byte[] packed = KeyLimits.checkKey(Versionstamps.pack(key, transactionVersion()));
        KeyLimits.checkValue(packed, value);
        statements.put(packed, value);
        affected.versionstampedKey(packed, value);
        // FoundationDB's range starts at the stamp of the read version, after every commit this
        // transaction can see; here that is its own stamp. Before any read there is no read version.
        byte[] from = hints.hasRead() ? transactionVersion() : Versionstamps.SMALLEST;
        unreadable.stampedKey(Versionstamps.pack(key, from),
                UnreadableKeys.keyAfter(Versionstamps.pack(key, Versionstamps.LARGEST)));
    }

    @Override
    public void setVersionstampedValue(byte[] key, Tuple value) {
        KeyLimits.checkKey(key);
        Objects.requireNonNull(value, "value");
        lifetime.check();
        byte[] packed = KeyLimits.checkValue(key, Versionstamps.pack(value, transactionVersion()));
        statements.put(key, packed);
        affected.versionstampedValue(key, packed);
        unreadable.stampedValue(key);
    }

    /** Changes nothing here, where no other writer can run until this transaction ends; counted and checked as on FoundationDB. */
    @Override
    public void addReadConflictKey(byte[] key) {
        KeyLimits.checkKey(key);
        lifetime.check();
        hints.checkHint(key);
        affected.readKey(key);
    }

    /** Changes nothing here, where no other writer can run until this transaction ends; counted and checked as on FoundationDB. */
    @Override
    public void addReadConflictRange(byte[] begin, byte[] end) {
        KeyLimits.checkRange(begin, end);
        lifetime.check();
        hints.checkHint(begin);
        if (Arrays.compareUnsigned(begin, end) < 0) {
            affected.readRange(begin, end);
        }
    }

    /**
     * Checks, after the body returned, what FoundationDB checks at commit, and that no read was
     * refused.
     *
     * @throws io.frontier.store.kv.AccessedUnreadableException if a read was refused, even if the body caught it
     * @throws io.frontier.store.kv.TransactionTooLargeException if the affected data exceeds FoundationDB's limit
     */
    void checkCommit() {
        unreadable.refuseCommitAfterRefusedRead();
        affected.refuseIfTooLarge(store);
    }

    private byte[] read(byte[] key) {
        KeyLimits.checkKey(key);
        lifetime.check();
        unreadable.checkKey(key, store);
        hints.read();
        return statements.get(key);
    }

    private List<KeyValue> readRange(byte[] begin, byte[] end, int limit, boolean reverse, boolean serializable) {
        KeyLimits.checkBound(begin);
        KeyLimits.checkBound(end);
        KeyLimits.checkLimit(limit);
        lifetime.check();
        if (Arrays.compareUnsigned(begin, end) >= 0) {
            return List.of();
        }
        hints.read();
        List<KeyValue> pairs = statements.range(begin, end, limit, reverse);
        byte[] scannedBegin = begin;
        byte[] scannedEnd = end;
        if (limit != ReadTransaction.UNLIMITED && pairs.size() == limit) {
            byte[] last = pairs.get(pairs.size() - 1).key();
            if (reverse) {
                scannedBegin = last;
            } else {
                scannedEnd = UnreadableKeys.keyAfter(last);
            }
        }
        unreadable.checkRange(scannedBegin, scannedEnd, store);
        if (serializable) {
            affected.readRange(scannedBegin, scannedEnd);
        }
        return pairs;
    }

    private byte[] transactionVersion() {
        if (commitNumber == 0) {
            commitNumber = statements.commitCounter() + 1;
            statements.setCommitCounter(commitNumber);
        }
        return Versionstamps.transactionVersion(commitNumber);
    }

    private static byte[] orEmpty(byte[] value) {
        return value == null ? new byte[0] : value;
    }

    /** The snapshot reads of this transaction: no conflict ranges, the same other checks. */
    private final class Snapshot implements ReadTransaction {

        @Override
        public byte[] get(byte[] key) {
            return read(key);
        }

        @Override
        public List<byte[]> getAll(List<byte[]> keys) {
            List<byte[]> values = new ArrayList<>(keys.size());
            for (byte[] key : keys) {
                values.add(read(key));
            }
            return values;
        }

        @Override
        public List<KeyValue> getRange(byte[] begin, byte[] end, int limit, boolean reverse) {
            return readRange(begin, end, limit, reverse, false);
        }
    }
}
