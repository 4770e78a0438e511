package io.frontier.store.coverage;

import io.frontier.store.error.InvalidInputException;

/**
 * A copy of the campaign's edge map held in memory, shard by shard, which only ever gains bits.
 * Whatever it holds, the campaign's map holds too (the map only grows), so a coverage it covers
 * can reach nothing new; one it does not cover may or may not. Not thread-safe.
 */
public final class EdgeMapCopy {

    /** Shards of the whole map: {@link Coverage#MAX_EDGES} edges, one byte each. */
    public static final int SHARDS = Coverage.MAX_EDGES / EdgeMap.SHARD_BYTES;

    private final byte[][] shards = new byte[SHARDS][];

    /** Whether every tuple of {@code coverage} is set here; true for no tuple at all. */
    public boolean covers(Coverage coverage) {
        for (int i = 0; i < coverage.size(); i++) {
            int tuple = coverage.tupleAt(i);
            int edge = Coverage.edgeOf(tuple);
            byte[] shard = shards[edge / EdgeMap.SHARD_BYTES];
            if (shard == null || (shard[edge % EdgeMap.SHARD_BYTES] & 1 << Coverage.bucketOfTuple(tuple)) == 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * ORs {@code bits} into shard {@code number} (bits beyond {@link EdgeMap#SHARD_BYTES} are cut);
     * returns whether any bit was new here.
     */
    public boolean merge(int number, byte[] bits) {
        if (number < 0 || number >= SHARDS) {
            throw new InvalidInputException("edge map shard out of range").with("number", number).with("shards", SHARDS);
        }
        byte[] shard = shards[number];
        boolean changed = false;
        for (int i = 0; i < Math.min(bits.length, EdgeMap.SHARD_BYTES); i++) {
            if (bits[i] != 0 && (shard == null || (shard[i] | bits[i]) != shard[i])) {
                if (shard == null) {
                    shard = new byte[EdgeMap.SHARD_BYTES];
                    shards[number] = shard;
                }
                shard[i] |= bits[i];
                changed = true;
            }
        }
        return changed;
    }

    /** A copy of shard {@code number}, zeros if this copy holds nothing of it. */
    public byte[] shard(int number) {
        byte[] shard = shards[number];
        return shard == null ? new byte[EdgeMap.SHARD_BYTES] : shard.clone();
    }
}
