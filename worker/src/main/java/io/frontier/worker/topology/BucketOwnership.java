package io.frontier.worker.topology;

/**
 * Which coordinator owns a bucket of work, by rendezvous (highest-random-weight) hashing: each
 * coordinator scores each bucket and the highest score wins. Adding or removing a coordinator
 * moves only the buckets that it wins or won, and every rank computes the same owner.
 *
 * <p>Ownership decides where a coordinator looks first; it never decides safety (a coordinator
 * may claim from any bucket through the store, which fences every claim).
 */
public final class BucketOwnership {

    private final int coordinators;

    public BucketOwnership(int coordinators) {
        if (coordinators < 1) {
            throw new IllegalArgumentException("at least one coordinator, got " + coordinators);
        }
        this.coordinators = coordinators;
    }

    /** The coordinator index (0-based) that owns {@code bucket}. */
    public int ownerOf(int bucket) {
        int best = 0;
        long bestScore = Long.MIN_VALUE;
        for (int coordinator = 0; coordinator < coordinators; coordinator++) {
            long score = mix(((long) coordinator << 32) | (bucket & 0xffffffffL));
            if (score > bestScore) {
                bestScore = score;
                best = coordinator;
            }
        }
        return best;
    }

    /** SplitMix64's finaliser: a fixed, well-spread 64-bit mix that every JVM computes alike. */
    private static long mix(long value) {
        long z = value + 0x9e3779b97f4a7c15L;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
