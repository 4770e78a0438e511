package io.frontier.store.kv;

import java.time.Duration;
import java.util.List;

/**
 * A key-value store that passes every read-only transaction to another, pausing after each read
 * for {@code perValue} for every value the read returned, as a store under load or far away takes
 * longer the more it sends. The pause happens inside the transaction, so its deadline runs on:
 * a transaction that reads too much times out by the other store's own clock. Read-write
 * transactions pass unchanged. Closing it leaves the other store open: its owner closes it.
 */
public final class SlowReads implements KeyValueStore {

    private final KeyValueStore delegate;
    private final Duration perValue;

    public SlowReads(KeyValueStore delegate, Duration perValue) {
        this.delegate = delegate;
        this.perValue = perValue;
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
                byte[] value = tx.get(key);
                pause(1);
                return value;
            }

            @Override
            public List<byte[]> getAll(List<byte[]> keys) {
                List<byte[]> values = tx.getAll(keys);
                pause(values.size());
                return values;
            }

            @Override
            public List<KeyValue> getRange(byte[] begin, byte[] end, int limit, boolean reverse) {
                List<KeyValue> pairs = tx.getRange(begin, end, limit, reverse);
                pause(pairs.size());
                return pairs;
            }
        }));
    }

    private void pause(int values) {
        try {
            Thread.sleep(perValue.multipliedBy(values).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    @Override
    public String describe() {
        return "slow " + delegate.describe();
    }

    @Override
    public void close() {
        // The delegate belongs to the test that made it, which closes it.
    }
}
