package io.frontier.tools.report;

import io.frontier.store.corpus.Digest;

/**
 * The frontier depth of the inputs that joined the frontier and have not yet finished running:
 * a seed is at depth 0, a child one deeper than the work whose result declared it first.
 *
 * <p>Fed in commit order, an input's depth is known before its own result is committed, since a
 * child only becomes work when its parent's result completes. An input is forgotten when its own
 * result is done, so what is held is about the pending frontier, not the whole campaign: an
 * open-addressing table of 12 bytes per slot that doubles when two thirds full, so at most three
 * slots per input held (and 1024 slots at least). An input
 * declared again after it ran is held again until the end (it will not run twice); that is the
 * only growth beyond the frontier. Inputs are keyed by the first 8 bytes of their digest: two
 * inputs that share them (about one chance in 2^64 per pair) share a depth, which at worst
 * misplaces one result in a plot. Not thread-safe.
 */
final class DepthTracker {

    private static final int INITIAL_SLOTS = 1024;

    /** Slot keys; 0 marks an empty slot, so no key is ever 0. */
    private long[] keys = new long[INITIAL_SLOTS];
    private int[] depths = new int[INITIAL_SLOTS];
    private int size;

    /** The depth of {@code input}: as declared, or 0 (a seed) if no result declared it. */
    int depthOf(Digest input) {
        int slot = find(keyOf(input));
        return keys[slot] == 0 ? 0 : depths[slot];
    }

    /** Records that {@code input} joined the frontier at {@code depth}, unless it is held already. */
    void joined(Digest input, int depth) {
        long key = keyOf(input);
        int slot = find(key);
        if (keys[slot] != 0) {
            return;
        }
        keys[slot] = key;
        depths[slot] = depth;
        if (++size * 3 > keys.length * 2) {
            grow();
        }
    }

    /** Forgets {@code input}, whose result is done: nothing will ask for its depth again. */
    void ran(Digest input) {
        int slot = find(keyOf(input));
        if (keys[slot] == 0) {
            return;
        }
        size--;
        int mask = keys.length - 1;
        int hole = slot;
        int next = slot;
        // Backward-shift deletion: move up every later key of the run that may not skip the hole.
        while (true) {
            next = (next + 1) & mask;
            long key = keys[next];
            if (key == 0) {
                break;
            }
            int home = home(key, mask);
            boolean homeInHoleToNext = hole <= next ? hole < home && home <= next : hole < home || home <= next;
            if (!homeInHoleToNext) {
                keys[hole] = key;
                depths[hole] = depths[next];
                hole = next;
            }
        }
        keys[hole] = 0;
    }

    /** Inputs held. */
    int size() {
        return size;
    }

    /** The slot of {@code key}, or the empty slot where it would go. */
    private int find(long key) {
        int mask = keys.length - 1;
        int slot = home(key, mask);
        while (keys[slot] != 0 && keys[slot] != key) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldDepths = depths;
        keys = new long[oldKeys.length * 2];
        depths = new int[oldKeys.length * 2];
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != 0) {
                int slot = find(oldKeys[i]);
                keys[slot] = oldKeys[i];
                depths[slot] = oldDepths[i];
            }
        }
    }

    private static int home(long key, int mask) {
        return (int) (key ^ (key >>> 32)) & mask;
    }

    /** The first 8 bytes of the digest, never 0. */
    private static long keyOf(Digest input) {
        byte[] bytes = input.bytes();
        long key = 0;
        for (int i = 0; i < Long.BYTES; i++) {
            key = key << 8 | (bytes[i] & 0xff);
        }
        return key == 0 ? 1 : key;
    }
}
