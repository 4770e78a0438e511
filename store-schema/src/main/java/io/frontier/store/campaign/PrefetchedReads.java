package io.frontier.store.campaign;

import io.frontier.store.kv.KeyValue;
import io.frontier.store.kv.ReadTransaction;
import io.frontier.store.record.RecordCodec;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads of one transaction whose body announces, before it handles a batch item by item, the
 * keys it will read: {@link #prefetch} reads them together ({@link ReadTransaction#getAll}, one
 * round trip on FoundationDB) and each later {@link #get} of such a key is answered from what was
 * fetched. A batch then costs a few round trips instead of several per item. Range reads go
 * straight to the transaction underneath.
 *
 * <p>Invariant: {@link #get} answers what the transaction underneath would answer at that moment,
 * provided whoever writes through the same transaction tells this object ({@link #remember},
 * {@link #forget}), as {@link ReadAhead} does. A prefetched key is read with the conflict a read
 * of the transaction underneath brings, even if the body never asks for it. One instance per
 * execution of a body, never shared.
 *
 * <p>{@link #decoded} decodes each value it is asked for once: a batch reads a manifest chunk or
 * a work record in several steps of one body (a completion decoded each entry's child chunks
 * twice, first to prefetch the children's work keys, then to enqueue them). A value this
 * transaction writes is a new array, so what was decoded of the old one is never answered.
 */
final class PrefetchedReads implements Prefetching {

    private final ReadTransaction tx;
    /** Values read so far, by key; a null value means the key holds nothing. */
    private final Map<ByteBuffer, byte[]> fetched = new HashMap<>();
    /** What {@link #decoded} made of each value of {@link #fetched}, by the identity of the value. */
    private final Map<byte[], Decoded> decodings = new IdentityHashMap<>();

    PrefetchedReads(ReadTransaction tx) {
        this.tx = tx;
    }

    @Override
    public void prefetch(Collection<byte[]> keys) {
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

    /** Records that {@code key} now holds {@code value} (null: nothing), written by this transaction. */
    void remember(byte[] key, byte[] value) {
        decodings.remove(fetched.put(ByteBuffer.wrap(key.clone()), value == null ? null : value.clone()));
    }

    /** Forgets what {@code key} held: this transaction changed it in a way only the store can tell. */
    void forget(byte[] key) {
        decodings.remove(fetched.remove(ByteBuffer.wrap(key)));
    }

    /** Forgets every key with {@code begin <= key < end}. */
    void forget(byte[] begin, byte[] end) {
        fetched.keySet().removeIf(name -> {
            byte[] key = new byte[name.remaining()];
            name.duplicate().get(key);
            return Arrays.compareUnsigned(begin, key) <= 0 && Arrays.compareUnsigned(key, end) < 0;
        });
        Set<byte[]> held = Collections.newSetFromMap(new IdentityHashMap<>());
        held.addAll(fetched.values());
        decodings.keySet().retainAll(held);
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
    public <T> T decoded(byte[] key, RecordCodec<T> codec) {
        prefetch(List.of(key));
        byte[] value = fetched.get(ByteBuffer.wrap(key));
        if (value == null) {
            return null;
        }
        Decoded earlier = decodings.get(value);
        if (earlier != null && earlier.codec == codec) {
            @SuppressWarnings("unchecked")
            T record = (T) earlier.record;
            return record;
        }
        T record = codec.decode(key, value);
        decodings.put(value, new Decoded(codec, record));
        return record;
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

    /** A value decoded, and the codec that decoded it. */
    private record Decoded(RecordCodec<?> codec, Object record) {
    }
}
