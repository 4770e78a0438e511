package io.frontier.coordinator.replay;

import io.frontier.store.keyspace.KeyRange;
import io.frontier.store.kv.KeyValue;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.ReadBody;
import io.frontier.store.kv.ReadTransaction;
import io.frontier.store.kv.TransactionBody;
import java.util.Arrays;
import java.util.List;

/**
 * A key-value store that passes everything to another and counts the pairs of one key range that
 * read-only range reads return, to tell how often a caller reads the same entries. Closing it
 * leaves the other store open: its owner closes it.
 */
final class CountingReads implements KeyValueStore {

    private final KeyValueStore delegate;
    private final KeyRange counted;
    /** Pairs inside {@link #counted} returned by range reads so far. */
    private int returned;

    CountingReads(KeyValueStore delegate, KeyRange counted) {
        this.delegate = delegate;
        this.counted = counted;
    }

    /** Pairs of the counted range that range reads returned so far. */
    synchronized int returned() {
        return returned;
    }

    private synchronized void count(List<KeyValue> pairs) {
        for (KeyValue pair : pairs) {
            if (Arrays.compareUnsigned(counted.begin(), pair.key()) <= 0
                    && Arrays.compareUnsigned(pair.key(), counted.end()) < 0) {
                returned++;
            }
        }
    }

    @Override
    public <T> T run(TransactionBody<T> body) {
        return delegate.run(body);
    }

    @Override
    public <T> T read(ReadBody<T> body) {
        return delegate.read(tx -> body.apply(new ReadTransaction() {
            @Override
            public byte[] get(byte[] key) {
                return tx.get(key);
            }

            @Override
            public List<byte[]> getAll(List<byte[]> keys) {
                return tx.getAll(keys);
            }

            @Override
            public List<KeyValue> getRange(byte[] begin, byte[] end, int limit, boolean reverse) {
                List<KeyValue> pairs = tx.getRange(begin, end, limit, reverse);
                count(pairs);
                return pairs;
            }
        }));
    }

    @Override
    public String describe() {
        return "counting " + delegate.describe();
    }

    @Override
    public void close() {
        // The delegate belongs to the test's campaign fixture, which closes it.
    }
}
