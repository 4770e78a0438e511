package io.frontier.store.kv;

import java.util.Arrays;

/**
 * FoundationDB's limits on keys and values, enforced identically by every backend so that code
 * that works on the embedded store cannot fail on FoundationDB for a reason the embedded store
 * would have accepted.
 *
 * <p>Keys must be at most {@value #MAX_KEY_BYTES} bytes and must not start with {@code 0xFF}
 * (FoundationDB's system keyspace); range bounds may be the single byte {@code 0xFF}, the end of
 * the user keyspace. Values must be at most {@value #MAX_VALUE_BYTES} bytes. Violations are
 * programming errors and throw {@link IllegalArgumentException}.
 */
public final class KeyLimits {

    /** FoundationDB's largest key. */
    public static final int MAX_KEY_BYTES = 10_000;

    /** FoundationDB's largest value. */
    public static final int MAX_VALUE_BYTES = 100_000;

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
            throw new IllegalArgumentException("key is longer than " + MAX_KEY_BYTES + " bytes: " + key.length);
        }
        if (key.length > 0 && key[0] == (byte) 0xFF) {
            throw new IllegalArgumentException("key starts with 0xFF, FoundationDB's system keyspace");
        }
        return key;
    }

    /** Checks a value that is written. */
    public static byte[] checkValue(byte[] value) {
        if (value == null) {
            throw new IllegalArgumentException("value must not be null");
        }
        if (value.length > MAX_VALUE_BYTES) {
            throw new IllegalArgumentException("value is longer than " + MAX_VALUE_BYTES + " bytes: " + value.length);
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
}
