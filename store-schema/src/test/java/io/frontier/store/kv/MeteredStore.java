package io.frontier.store.kv;

import com.apple.foundationdb.tuple.Tuple;
import com.apple.foundationdb.tuple.Versionstamp;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A key-value store that passes every call to another and meters each transaction that
 * completes: the round trips its last execution made (each {@code get}, {@code getAll} and
 * {@code getRange}, serializable or snapshot, is one: on FoundationDB each is one wait for the
 * cluster), the keys it read (each key asked for, each pair a range returned) and wrote (each
 * mutation), and the bytes it wrote (key and value or operand of every mutation, as FoundationDB
 * counts a transaction's size) and read. Closing it leaves the other store open: its owner closes
 * it.
 */
public final class MeteredStore implements KeyValueStore {

    /**
     * What one completed transaction cost.
     *
     * @param stampedWrites keys it wrote under its versionstamp (manifest entries and their parts)
     */
    public record Meter(boolean readWrite, int roundTrips, long bytesWritten, long bytesRead, int stampedWrites,
                        long keysRead, long keysWritten) {
    }

    private final KeyValueStore delegate;
    private final List<Meter> meters = new ArrayList<>();

    public MeteredStore(KeyValueStore delegate) {
        this.delegate = delegate;
    }

    /** Every transaction completed so far, in order of completion. */
    public synchronized List<Meter> meters() {
        return List.copyOf(meters);
    }

    /** Forgets the transactions metered so far. */
    public synchronized void reset() {
        meters.clear();
    }

    private synchronized void record(Meter meter) {
        meters.add(meter);
    }

    @Override
    public <T> T run(TransactionBody<T> body) {
        AtomicReference<Metering> last = new AtomicReference<>();
        T result = delegate.run(tx -> {
            Metering metering = new Metering(tx);
            last.set(metering);
            return body.apply(metering);
        });
        record(last.get().meter(true));
        return result;
    }

    @Override
    public <T> T read(ReadBody<T> body) {
        AtomicReference<Metering> last = new AtomicReference<>();
        T result = delegate.read(tx -> {
            Metering metering = new Metering(tx);
            last.set(metering);
            return body.apply(metering.reads);
        });
        record(last.get().meter(false));
        return result;
    }

    @Override
    public String describe() {
        return "metered " + delegate.describe();
    }

    @Override
    public void close() {
        // The delegate belongs to the test that made it, which closes it.
    }

    /** The bytes {@code tuple} packs to once its versionstamp is filled in: as long as any complete one. */
    private static int packedSize(Tuple tuple) {
        List<Object> items = new ArrayList<>();
        for (Object item : tuple.getItems()) {
            items.add(item instanceof Versionstamp stamp && !stamp.isComplete()
                    ? Versionstamp.complete(new byte[Versionstamp.LENGTH - 2], stamp.getUserVersion()) : item);
        }
        return Tuple.fromList(items).pack().length;
    }

    /** The counts of one execution of a body. */
    private static final class Counts {
        int roundTrips;
        int stamped;
        long written;
        long read;
        long keysRead;
        long keysWritten;

        void wrote(long bytes) {
            keysWritten++;
            written += bytes;
        }
    }

    /** Reads through {@code tx}, counted. */
    private static final class CountedReads implements ReadTransaction {

        private final ReadTransaction tx;
        private final Counts counts;

        CountedReads(ReadTransaction tx, Counts counts) {
            this.tx = tx;
            this.counts = counts;
        }

        @Override
        public byte[] get(byte[] key) {
            counts.roundTrips++;
            counts.keysRead++;
            byte[] value = tx.get(key);
            counts.read += value == null ? 0 : value.length;
            return value;
        }

        @Override
        public List<byte[]> getAll(List<byte[]> keys) {
            counts.roundTrips++;
            counts.keysRead += keys.size();
            List<byte[]> values = tx.getAll(keys);
            values.forEach(value -> counts.read += value == null ? 0 : value.length);
            return values;
        }

        @Override
        public List<KeyValue> getRange(byte[] begin, byte[] end, int limit, boolean reverse) {
            counts.roundTrips++;
            List<KeyValue> pairs = tx.getRange(begin, end, limit, reverse);
            counts.keysRead += pairs.size();
            pairs.forEach(pair -> counts.read += pair.key().length + pair.value().length);
            return pairs;
        }
    }

    /** One execution of a read-write or read-only body, counted. */
    private static final class Metering implements Transaction {

        private final Transaction writes;
        private final Counts counts = new Counts();
        private final CountedReads reads;
        private final CountedReads snapshot;

        Metering(Transaction tx) {
            this.writes = tx;
            this.reads = new CountedReads(tx, counts);
            this.snapshot = new CountedReads(tx.snapshot(), counts);
        }

        Metering(ReadTransaction tx) {
            this.writes = null;
            this.reads = new CountedReads(tx, counts);
            this.snapshot = reads;
        }

        Meter meter(boolean readWrite) {
            return new Meter(readWrite, counts.roundTrips, counts.written, counts.read, counts.stamped, counts.keysRead,
                    counts.keysWritten);
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
            return snapshot;
        }

        @Override
        public void set(byte[] key, byte[] value) {
            counts.wrote(key.length + value.length);
            writes.set(key, value);
        }

        @Override
        public void clear(byte[] key) {
            counts.wrote(key.length);
            writes.clear(key);
        }

        @Override
        public void clearRange(byte[] begin, byte[] end) {
            counts.wrote(begin.length + end.length);
            writes.clearRange(begin, end);
        }

        @Override
        public void add(byte[] key, long delta) {
            counts.wrote(key.length + Long.BYTES);
            writes.add(key, delta);
        }

        @Override
        public void bitOr(byte[] key, byte[] operand) {
            counts.wrote(key.length + operand.length);
            writes.bitOr(key, operand);
        }

        @Override
        public void setVersionstampedKey(Tuple key, byte[] value) {
            counts.wrote(packedSize(key) + value.length);
            counts.stamped++;
            writes.setVersionstampedKey(key, value);
        }

        @Override
        public void setVersionstampedValue(byte[] key, Tuple value) {
            counts.wrote(key.length + packedSize(value));
            writes.setVersionstampedValue(key, value);
        }

        @Override
        public void addReadConflictKey(byte[] key) {
            writes.addReadConflictKey(key);
        }

        @Override
        public void addReadConflictRange(byte[] begin, byte[] end) {
            writes.addReadConflictRange(begin, end);
        }
    }
}
