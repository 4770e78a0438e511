package io.frontier.store.coverage;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.IntFunction;

/**
 * The campaign's edge map as one transaction sees it: one byte per edge, bit {@code b} set once
 * some kept input reached the edge with a hit count in bucket {@code b}, in shards of
 * {@link #SHARD_BYTES} edges. Shards are read from the store when first needed and then held,
 * with the bits this transaction added on top; {@link #additions} hands those bits back so the
 * caller can merge them into the store with one BIT_OR per shard.
 *
 * <p>Invariant: {@link #admit} only ever sets bits, so what it reports as new is new relative to
 * the stored shards as first read plus everything admitted before through this instance. One
 * instance per execution of a transaction body, never shared between threads or executions.
 */
public final class EdgeMap {

    /** Edges per shard, one byte each: the width of every stored shard and every operand. */
    public static final int SHARD_BYTES = 4096;

    private final IntFunction<byte[]> stored;
    /** Shards read so far, with this instance's additions applied. */
    private final Map<Integer, byte[]> shards = new HashMap<>();
    /** The bits this instance added, per shard, in shard order. */
    private final Map<Integer, byte[]> added = new TreeMap<>();

    /**
     * @param stored the stored value of a shard, or null if it has none; a value of another
     *     length than {@link #SHARD_BYTES} is read as zero-padded or cut, as BIT_OR would
     */
    public EdgeMap(IntFunction<byte[]> stored) {
        this.stored = stored;
    }

    /**
     * Compares {@code coverage} with the map and sets every tuple it reached. Returns how many of
     * its tuples were not set before and how many of its edges had no bit set at all before.
     */
    public Novelty admit(Coverage coverage) {
        int tuples = 0;
        int edges = 0;
        int previousEdge = -1;
        // Tuples are sorted, so a shard's tuples are adjacent: its bytes are looked up once.
        int current = -1;
        byte[] bytes = null;
        byte[] additions = null;
        for (int i = 0; i < coverage.size(); i++) {
            int tuple = coverage.tupleAt(i);
            int edge = Coverage.edgeOf(tuple);
            int shard = edge / SHARD_BYTES;
            int offset = edge % SHARD_BYTES;
            if (shard != current) {
                bytes = shard(shard);
                additions = null;
                current = shard;
            }
            // An edge's tuples are adjacent too: judge the edge at its first one, before this
            // coverage set any of its bits.
            if (edge != previousEdge && bytes[offset] == 0) {
                edges++;
            }
            previousEdge = edge;
            byte bit = (byte) (1 << Coverage.bucketOfTuple(tuple));
            if ((bytes[offset] & bit) == 0) {
                tuples++;
                bytes[offset] |= bit;
                if (additions == null) {
                    additions = added.computeIfAbsent(shard, s -> new byte[SHARD_BYTES]);
                }
                additions[offset] |= bit;
            }
        }
        return new Novelty(tuples, edges);
    }

    /**
     * The shards {@link #admit} would set a bit in if it were given {@code coverage} now: those
     * holding a tuple of it that the map does not, ascending. Admits nothing. The tuples are
     * sorted, so their shards come in order and a shard is judged until its first gain.
     */
    public Set<Integer> shardsGaining(Coverage coverage) {
        Set<Integer> gaining = new TreeSet<>();
        int current = -1;
        byte[] bytes = null;
        boolean judged = false;
        for (int i = 0; i < coverage.size(); i++) {
            int tuple = coverage.tupleAt(i);
            int edge = Coverage.edgeOf(tuple);
            int shard = edge / SHARD_BYTES;
            if (shard != current) {
                bytes = shard(shard);
                judged = false;
                current = shard;
            }
            if (!judged && (bytes[edge % SHARD_BYTES] & 1 << Coverage.bucketOfTuple(tuple)) == 0) {
                gaining.add(shard);
                judged = true;
            }
        }
        return gaining;
    }

    /** The shards {@link #admit} has set a bit in so far, in shard order. */
    public Set<Integer> shardsAdded() {
        return Collections.unmodifiableSet(added.keySet());
    }

    /**
     * The shards {@code coverage} has a tuple in, whether the map holds it or not, ascending;
     * reads nothing. The tuples are sorted, so a shard is added once, at its first tuple.
     */
    public static Set<Integer> shardsOf(Coverage coverage) {
        Set<Integer> shards = new TreeSet<>();
        int previous = -1;
        for (int i = 0; i < coverage.size(); i++) {
            int shard = Coverage.edgeOf(coverage.tupleAt(i)) / SHARD_BYTES;
            if (shard != previous) {
                shards.add(shard);
                previous = shard;
            }
        }
        return shards;
    }

    /**
     * The bits {@link #admit} set, per shard number, each a full-width operand of
     * {@link #SHARD_BYTES} (bits it did not set are 0); shards it set nothing in are absent.
     */
    public Map<Integer, byte[]> additions() {
        Map<Integer, byte[]> copy = new TreeMap<>();
        added.forEach((shard, bits) -> copy.put(shard, bits.clone()));
        return copy;
    }

    private byte[] shard(int shard) {
        byte[] bytes = shards.get(shard);
        if (bytes == null) {
            byte[] value = stored.apply(shard);
            bytes = new byte[SHARD_BYTES];
            if (value != null) {
                System.arraycopy(value, 0, bytes, 0, Math.min(value.length, SHARD_BYTES));
            }
            shards.put(shard, bytes);
        }
        return bytes;
    }
}
