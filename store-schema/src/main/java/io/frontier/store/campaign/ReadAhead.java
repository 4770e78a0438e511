package io.frontier.store.campaign;

import com.apple.foundationdb.tuple.Tuple;
import io.frontier.store.kv.KeyValue;
import io.frontier.store.kv.ReadTransaction;
import io.frontier.store.kv.Transaction;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A transaction whose body announces, before it decides a batch item by item, the keys those
 * decisions will read: {@link #prefetch} reads them together ({@link ReadTransaction#getAll}, one
 * round trip on FoundationDB), and each later serializable {@link #get} of such a key is answered
 * from what was fetched. A batch then costs a few round trips instead of several per item.
 *
 * <p>Invariant: a {@link #get} answers what the transaction underneath would answer at that
 * moment. Every write through this object forgets (or, for {@link #set} and {@link #clear},
 * replaces) what it held for the keys written, so a body still reads its own writes. A
 * prefetched key is read serializably, with the read conflict that brings, even if the body then
 * never asks for it. Snapshot and range reads go straight to the transaction underneath. One
 * instance per execution of a body, never shared.
 */
final class ReadAhead implements Transaction {

    private final Transaction tx;
    /** Values read serializably so far, by key; a null value means the key holds nothing. */
    private final Map<ByteBuffer, byte[]> fetched = new HashMap<>();

    ReadAhead(Transaction tx) {
        this.tx = tx;
    }

    /** Reads together, serializably, those of {@code keys} not yet fetched. */
    void prefetch(Collection<byte[]> keys) {
        Map<ByteBuffer, byte[]> missing = new LinkedHashMap<>();
        for (byte[] key : keys) {
            ByteBuffer name = ByteBuffer.wrap(key);
            if (!fetched.containsKey(name)) {
                missing.putIfAbsent(name, key);
            }
        }
        if (missing.isEmpty()) {
            return;
        }
        List<byte[]> names = new ArrayList<>(missing.values());
        List<byte[]> values = tx.getAll(names);
        for (int i = 0; i < names.size(); i++) {
            fetched.put(ByteBuffer.wrap(names.get(i)), values.get(i));
        }
    }

    @Override
    public byte[] get(byte[] key) {
        ByteBuffer name = ByteBuffer.wrap(key);
        if (fetched.containsKey(name)) {
            byte[] value = fetched.get(name);
            return value == null ? null : value.clone();
        }
        return tx.get(key);
    }

    @Override
    public List<byte[]> getAll(List<byte[]> keys) {
        prefetch(keys);
        List<byte[]> values = new ArrayList<>(keys.size());
        for (byte[] key : keys) {
            values.add(get(key));
        }
        return values;
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
        fetched.put(ByteBuffer.wrap(key.clone()), value.clone());
    }

    @Override
    public void clear(byte[] key) {
        tx.clear(key);
        fetched.put(ByteBuffer.wrap(key.clone()), null);
    }

    @Override
    public void clearRange(byte[] begin, byte[] end) {
        tx.clearRange(begin, end);
        fetched.keySet().removeIf(name -> {
            byte[] key = new byte[name.remaining()];
            name.duplicate().get(key);
            return Arrays.compareUnsigned(begin, key) <= 0 && Arrays.compareUnsigned(key, end) < 0;
        });
    }

    @Override
    public void add(byte[] key, long delta) {
        tx.add(key, delta);
        fetched.remove(ByteBuffer.wrap(key));
    }

    @Override
    public void bitOr(byte[] key, byte[] operand) {
        tx.bitOr(key, operand);
        fetched.remove(ByteBuffer.wrap(key));
    }

    /** Writes a key no read can have named: its versionstamp is only known at commit. */
    @Override
    public void setVersionstampedKey(Tuple key, byte[] value) {
        tx.setVersionstampedKey(key, value);
    }

    @Override
    public void setVersionstampedValue(byte[] key, Tuple value) {
        tx.setVersionstampedValue(key, value);
        fetched.remove(ByteBuffer.wrap(key));
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
