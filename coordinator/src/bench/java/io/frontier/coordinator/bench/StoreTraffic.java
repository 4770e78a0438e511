package io.frontier.coordinator.bench;

import com.apple.foundationdb.tuple.Tuple;
import com.apple.foundationdb.tuple.Versionstamp;
import io.frontier.store.kv.KeyValue;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.ReadBody;
import io.frontier.store.kv.ReadTransaction;
import io.frontier.store.kv.Transaction;
import io.frontier.store.kv.TransactionBody;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the coordinators ask of their store, counted for sizing a store cluster: transaction
 * attempts (a retried body counts each time it runs, as the store runs it), keys read, and keys
 * and bytes written. The same key space and the same operations run on SQLite and on
 * FoundationDB, so counts taken on either size the other. One meter serves every store a
 * benchmark opens through {@link #counting}; thread-safe.
 */
final class StoreTraffic {

    /** A versionstamp's transaction part: what the store fills in at commit. */
    private static final int STAMP_BYTES = 10;

    /** Counts at one moment; {@link #minus} gives what happened between two. */
    record Counts(long transactions, long readOnlyTransactions, long keysRead, long keysWritten, long bytesWritten) {

        Counts minus(Counts earlier) {
            return new Counts(transactions - earlier.transactions, readOnlyTransactions - earlier.readOnlyTransactions,
                    keysRead - earlier.keysRead, keysWritten - earlier.keysWritten, bytesWritten - earlier.bytesWritten);
        }
    }

    private final LongAdder transactions = new LongAdder();
    private final LongAdder readOnlyTransactions = new LongAdder();
    private final LongAdder keysRead = new LongAdder();
    private final LongAdder keysWritten = new LongAdder();
    private final LongAdder bytesWritten = new LongAdder();

    Counts now() {
        return new Counts(transactions.sum(), readOnlyTransactions.sum(), keysRead.sum(), keysWritten.sum(),
                bytesWritten.sum());
    }

    /** {@code store}, with everything done through it counted here. */
    KeyValueStore counting(KeyValueStore store) {
        return new CountingStore(store);
    }

    private final class CountingStore implements KeyValueStore {

        private final KeyValueStore store;

        CountingStore(KeyValueStore store) {
            this.store = store;
        }

        @Override
        public <T> T run(TransactionBody<T> body) {
            return store.run(tx -> {
                transactions.increment();
                return body.apply(new CountingTransaction(tx));
            });
        }

        @Override
        public <T> T read(ReadBody<T> body) {
            return store.read(tx -> {
                readOnlyTransactions.increment();
                return body.apply(new CountingRead(tx));
            });
        }

        @Override
        public String describe() {
            return store.describe();
        }

        @Override
        public void close() {
            store.close();
        }
    }

    private class CountingRead implements ReadTransaction {

        private final ReadTransaction tx;

        CountingRead(ReadTransaction tx) {
            this.tx = tx;
        }

        @Override
        public byte[] get(byte[] key) {
            keysRead.increment();
            return tx.get(key);
        }

        @Override
        public List<byte[]> getAll(List<byte[]> keys) {
            keysRead.add(keys.size());
            return tx.getAll(keys);
        }

        @Override
        public List<KeyValue> getRange(byte[] begin, byte[] end, int limit, boolean reverse) {
            List<KeyValue> range = tx.getRange(begin, end, limit, reverse);
            // An empty range still costs the store a read: count it as one key.
            keysRead.add(Math.max(1, range.size()));
            return range;
        }
    }

    private final class CountingTransaction extends CountingRead implements Transaction {

        private final Transaction tx;

        CountingTransaction(Transaction tx) {
            super(tx);
            this.tx = tx;
        }

        @Override
        public ReadTransaction snapshot() {
            return new CountingRead(tx.snapshot());
        }

        @Override
        public void set(byte[] key, byte[] value) {
            written(key.length + value.length);
            tx.set(key, value);
        }

        @Override
        public void clear(byte[] key) {
            written(key.length);
            tx.clear(key);
        }

        @Override
        public void clearRange(byte[] begin, byte[] end) {
            written(begin.length + end.length);
            tx.clearRange(begin, end);
        }

        @Override
        public void add(byte[] key, long delta) {
            written(key.length + Long.BYTES);
            tx.add(key, delta);
        }

        @Override
        public void bitOr(byte[] key, byte[] operand) {
            written(key.length + operand.length);
            tx.bitOr(key, operand);
        }

        @Override
        public void setVersionstampedKey(Tuple key, byte[] value) {
            written(packedSize(key) + value.length);
            tx.setVersionstampedKey(key, value);
        }

        @Override
        public void setVersionstampedValue(byte[] key, Tuple value) {
            written(key.length + packedSize(value));
            tx.setVersionstampedValue(key, value);
        }

        @Override
        public void addReadConflictKey(byte[] key) {
            tx.addReadConflictKey(key);
        }

        @Override
        public void addReadConflictRange(byte[] begin, byte[] end) {
            tx.addReadConflictRange(begin, end);
        }

        private void written(long bytes) {
            keysWritten.increment();
            bytesWritten.add(bytes);
        }
    }

    /**
     * The size {@code tuple} has once stored, its versionstamp filled in. Not {@link
     * Tuple#getPackedSize()}: for an incomplete versionstamp that asks the FoundationDB client
     * library for its API version, which a SQLite run may not have.
     */
    private static int packedSize(Tuple tuple) {
        return Tuple.fromList(completed(tuple.getItems())).pack().length;
    }

    private static List<Object> completed(List<?> items) {
        List<Object> completed = new ArrayList<>(items.size());
        for (Object item : items) {
            if (item instanceof Versionstamp stamp && !stamp.isComplete()) {
                completed.add(Versionstamp.complete(new byte[STAMP_BYTES], stamp.getUserVersion()));
            } else if (item instanceof Tuple nested) {
                completed.add(Tuple.fromList(completed(nested.getItems())));
            } else if (item instanceof List<?> nested) {
                completed.add(completed(nested));
            } else {
                completed.add(item);
            }
        }
        return completed;
    }
}
