package io.frontier.store.kv.sqlite;

import com.apple.foundationdb.tuple.Tuple;
import com.apple.foundationdb.tuple.Versionstamp;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The embedded backend's versionstamps: a transaction's 10-byte stamp is its 8-byte big-endian
 * commit number followed by batch number 0, so stamps compare in commit order exactly as
 * FoundationDB's (commit version, batch order) do.
 *
 * <p>Tuples are completed by replacing the incomplete versionstamp and packing plainly:
 * {@link Tuple#packWithVersionstamp()} would load the FoundationDB native client, which the
 * embedded backend must not need.
 */
final class Versionstamps {

    /** The smallest transaction version: before every commit. */
    static final byte[] SMALLEST = new byte[10];
    /** The largest transaction version a stamp can carry. */
    static final byte[] LARGEST = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1};

    private Versionstamps() {
    }

    /** The transaction version of the commit numbered {@code commitNumber}. */
    static byte[] transactionVersion(long commitNumber) {
        return ByteBuffer.allocate(10).putLong(commitNumber).putShort((short) 0).array();
    }

    /**
     * Packs {@code tuple} with its one incomplete versionstamp completed by
     * {@code transactionVersion}, keeping that versionstamp's user version.
     *
     * @throws IllegalArgumentException if {@code tuple} does not hold exactly one incomplete
     *     versionstamp, nested tuples and lists included
     */
    static byte[] pack(Tuple tuple, byte[] transactionVersion) {
        int[] incomplete = {0};
        List<Object> items = complete(tuple.getItems(), transactionVersion, incomplete);
        if (incomplete[0] != 1) {
            throw new IllegalArgumentException(
                    "tuple must hold exactly one incomplete versionstamp, found " + incomplete[0]);
        }
        return Tuple.fromList(items).pack();
    }

    private static List<Object> complete(List<?> items, byte[] transactionVersion, int[] incomplete) {
        List<Object> completed = new ArrayList<>(items.size());
        for (Object item : items) {
            if (item instanceof Versionstamp stamp && !stamp.isComplete()) {
                incomplete[0]++;
                completed.add(Versionstamp.complete(transactionVersion, stamp.getUserVersion()));
            } else if (item instanceof Tuple nested) {
                completed.add(Tuple.fromList(complete(nested.getItems(), transactionVersion, incomplete)));
            } else if (item instanceof List<?> nested) {
                completed.add(complete(nested, transactionVersion, incomplete));
            } else {
                completed.add(item);
            }
        }
        return completed;
    }
}
