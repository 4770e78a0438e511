package io.frontier.store.keyspace;

import io.frontier.store.corpus.Digest;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which ready-index bucket an item falls in, and which coordinator owns a bucket.
 *
 * <p>Buckets follow from the work id alone, so every process computes the same one. Owners are
 * chosen by rendezvous (highest random weight) hashing: when a coordinator joins or leaves, only
 * the buckets it wins or loses move. Owning a bucket is a preference for claiming, not a right:
 * a coordinator with nothing in its own buckets steals from the others.
 */
public final class Buckets {

    private Buckets() {
    }

    /** The bucket of {@code id} among {@code buckets}: its first four digest bytes, modulo. */
    public static int of(Digest id, int buckets) {
        byte[] digest = id.bytes();
        long leading = ((digest[0] & 0xffL) << 24) | ((digest[1] & 0xffL) << 16)
                | ((digest[2] & 0xffL) << 8) | (digest[3] & 0xffL);
        return (int) (leading % buckets);
    }

    /** The buckets that {@code coordinator} wins among {@code coordinators}. */
    public static Set<Integer> ownedBy(String coordinator, List<String> coordinators, int buckets) {
        Set<Integer> owned = new TreeSet<>();
        for (int bucket = 0; bucket < buckets; bucket++) {
            if (owner(bucket, coordinators).equals(coordinator)) {
                owned.add(bucket);
            }
        }
        return owned;
    }

    /** The coordinator with the highest weight for {@code bucket}; ties go to the smaller name. */
    public static String owner(int bucket, List<String> coordinators) {
        String best = null;
        long bestWeight = Long.MIN_VALUE;
        for (String coordinator : coordinators) {
            long weight = mix(coordinator.hashCode() * 0x9E3779B97F4A7C15L + bucket);
            if (best == null || weight > bestWeight || (weight == bestWeight && coordinator.compareTo(best) < 0)) {
                best = coordinator;
                bestWeight = weight;
            }
        }
        if (best == null) {
            throw new IllegalArgumentException("no coordinators to own a bucket");
        }
        return best;
    }

    /** SplitMix64's finaliser: spreads nearby inputs over the whole 64-bit range. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
