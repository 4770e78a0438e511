package io.frontier.store.kv.sqlite;

import io.frontier.store.kv.AccessedUnreadableException;
import io.frontier.store.kv.KeyLimits;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.NavigableSet;
import java.util.TreeSet;

/**
 * What one execution of a read-write body wrote with a versionstamp and so may not read back,
 * as FoundationDB refuses it ({@code accessed_unreadable}): the embedded store knows the stamp
 * at once, FoundationDB only at commit.
 *
 * <p>A key set with a versionstamped value stays unreadable for the rest of the execution, even
 * after a plain set or clear of it: FoundationDB 7.3 refuses the commit of a transaction that
 * wrote a versionstamped value, set the key again and read it.
 * A versionstamped key makes unreadable every key it could turn out to be: the range from the
 * key with the stamp of the transaction's read version (all zeros if it has not read yet) to
 * just past the key with a stamp of all {@code 0xFF} bytes, as FoundationDB computes it; keys
 * other transactions committed before it stay readable. A read
 * is refused if the key, or the range it scanned, meets any of them, whether it is serializable
 * or a snapshot read.
 */
final class UnreadableKeys {

    private final NavigableSet<byte[]> stampedValueKeys = new TreeSet<>(Arrays::compareUnsigned);
    /** The first read refused, or null: a body that caught it must still not commit. */
    private AccessedUnreadableException refused;
    /** Ranges {@code [begin, end)} that versionstamped keys may land in. */
    private final List<byte[][]> stampedKeyRanges = new ArrayList<>();

    void stampedValue(byte[] key) {
        stampedValueKeys.add(key.clone());
    }

    void stampedKey(byte[] begin, byte[] end) {
        stampedKeyRanges.add(new byte[][] {begin, end});
    }

    /**
     * @throws AccessedUnreadableException if {@code key} may be one this transaction wrote with a versionstamp
     */
    void checkKey(byte[] key, String store) {
        if (stampedValueKeys.contains(key) || meetsStampedKeyRange(key, keyAfter(key))) {
            throw refused(key, store);
        }
    }

    /**
     * @throws AccessedUnreadableException if {@code [begin, end)} holds a key this transaction
     *     wrote with a versionstamp, or one its versionstamped keys could turn out to be
     */
    void checkRange(byte[] begin, byte[] end, String store) {
        if (Arrays.compareUnsigned(begin, end) >= 0) {
            return;
        }
        NavigableSet<byte[]> inRange = stampedValueKeys.subSet(begin, true, end, false);
        if (!inRange.isEmpty()) {
            throw refused(inRange.first(), store);
        }
        if (meetsStampedKeyRange(begin, end)) {
            throw refused(begin, store);
        }
    }

    private boolean meetsStampedKeyRange(byte[] begin, byte[] end) {
        for (byte[][] range : stampedKeyRanges) {
            if (Arrays.compareUnsigned(begin, range[1]) < 0 && Arrays.compareUnsigned(range[0], end) < 0) {
                return true;
            }
        }
        return false;
    }

    /** The first key after {@code key}: {@code key} followed by one zero byte. */
    static byte[] keyAfter(byte[] key) {
        return Arrays.copyOf(key, key.length + 1);
    }

    /**
     * @throws AccessedUnreadableException the first read this transaction was refused, if any:
     *     FoundationDB fails the body's read with an error the body does not catch as its own,
     *     so a body that caught the refusal here must not commit either
     */
    void refuseCommitAfterRefusedRead() {
        if (refused != null) {
            throw refused;
        }
    }

    private AccessedUnreadableException refused(byte[] key, String store) {
        AccessedUnreadableException refusal = new AccessedUnreadableException(
                "transaction read what it wrote with a versionstamp")
                .with("store", store)
                .with("keyPrefix", KeyLimits.prefix(key));
        if (refused == null) {
            refused = refusal;
        }
        return refusal;
    }
}
