package io.frontier.store.kv;

import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * FoundationDB's limits on keys, values and transactions, enforced identically by every backend
 * so that code that works on the embedded store cannot fail on FoundationDB for a reason the
 * embedded store would have accepted.
 *
 * <p>Keys must be at most {@value #MAX_KEY_BYTES} bytes ({@link KeyTooLargeException}) and must
 * not start with {@code 0xFF}, FoundationDB's system keyspace ({@link IllegalArgumentException});
 * range bounds may be the single byte {@code 0xFF}, the end of the user keyspace. Values must be
 * at most {@value #MAX_VALUE_BYTES} bytes ({@link ValueTooLargeException}). The checks here run
 * when an operation is called. A transaction's affected data must stay within
 * {@value #MAX_TRANSACTION_BYTES} bytes ({@link TransactionTooLargeException}, at commit), and
 * a transaction must not live longer than {@link #MAX_TRANSACTION_AGE}
 * ({@link TransactionTooOldException}); the backends enforce those two.
 */
public final class KeyLimits {

    /** FoundationDB's largest key. */
    public static final int MAX_KEY_BYTES = 10_000;

    /** FoundationDB's largest value. */
    public static final int MAX_VALUE_BYTES = 100_000;

    /** FoundationDB's limit on the affected data of one transaction (its default size limit). */
    public static final int MAX_TRANSACTION_BYTES = 10_000_000;

    /**
     * How long FoundationDB lets one transaction read and commit after it started: its storage
     * servers keep five seconds of versions, and reads or a commit at an older read version fail
     * with {@code transaction_too_old}.
     */
    public static final Duration MAX_TRANSACTION_AGE = Duration.ofSeconds(5);

    /** How many leading bytes of a key an error names, in hexadecimal. */
    private static final int PREFIX_BYTES = 32;

    /** The first key past the user keyspace. */
    private static final byte[] END_OF_USER_KEYS = {(byte) 0xFF};

    private KeyLimits() {
    }

    /** Checks a key that is read or written. */
    public static byte[] checkKey(byte[] key) {
        if (key == null) {
            throw new IllegalArgumentException("key must not be null");
        }
        if (key.length > MAX_KEY_BYTES) {
            throw new KeyTooLargeException("key is longer than FoundationDB allows")
                    .with("bytes", key.length)
                    .with("limit", MAX_KEY_BYTES)
                    .with("keyPrefix", prefix(key));
        }
        if (key.length > 0 && key[0] == (byte) 0xFF) {
            throw new IllegalArgumentException("key starts with 0xFF, FoundationDB's system keyspace");
        }
        return key;
    }

    /** Checks a value (or an atomic operand) that is written under {@code key}. */
    public static byte[] checkValue(byte[] key, byte[] value) {
        if (value == null) {
            throw new IllegalArgumentException("value must not be null");
        }
        if (value.length > MAX_VALUE_BYTES) {
            throw new ValueTooLargeException("value is longer than FoundationDB allows")
                    .with("bytes", value.length)
                    .with("limit", MAX_VALUE_BYTES)
                    .with("keyPrefix", prefix(key));
        }
        return value;
    }

    /** Checks one bound of a range: a legal key, or exactly {@code 0xFF}. */
    public static byte[] checkBound(byte[] bound) {
        if (bound != null && Arrays.equals(bound, END_OF_USER_KEYS)) {
            return bound;
        }
        return checkKey(bound);
    }

    /** Checks the bounds of a range that is cleared or marked as read: legal bounds with {@code begin <= end}. */
    public static void checkRange(byte[] begin, byte[] end) {
        checkBound(begin);
        checkBound(end);
        if (Arrays.compareUnsigned(begin, end) > 0) {
            throw new IllegalArgumentException("range ends before it begins");
        }
    }

    /** Checks a range read's limit: {@link ReadTransaction#UNLIMITED} or a positive count. */
    public static int checkLimit(int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("range limit must not be negative: " + limit);
        }
        return limit;
    }

    /** The first bytes of {@code key} in hexadecimal, for an error's context ("..." if cut). */
    public static String prefix(byte[] key) {
        if (key == null) {
            return "null";
        }
        String hex = HexFormat.of().formatHex(key, 0, Math.min(key.length, PREFIX_BYTES));
        return key.length > PREFIX_BYTES ? hex + "..." : hex;
    }
}
