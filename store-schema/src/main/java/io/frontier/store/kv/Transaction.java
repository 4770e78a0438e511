package io.frontier.store.kv;

import com.apple.foundationdb.tuple.Tuple;

/**
 * A serializable read-write transaction. Writes become visible to others only when the
 * transaction commits, all together or not at all.
 */
public interface Transaction extends ReadTransaction {

    /**
     * Reads that do not add read conflicts: a concurrent change to what they return does not
     * make this transaction retry. For picking candidates and for status views.
     */
    ReadTransaction snapshot();

    void set(byte[] key, byte[] value);

    void clear(byte[] key);

    /** Clears every key with {@code begin <= key < end}. */
    void clearRange(byte[] begin, byte[] end);

    /**
     * Adds {@code delta} to the 8-byte little-endian two's-complement integer stored under
     * {@code key} (absent counts as 0), without a read conflict on that key, like FoundationDB's
     * ADD mutation. As there, the old value is first cut or zero-padded to 8 bytes, and the sum
     * wraps around; the stored value is always 8 bytes afterwards.
     */
    void add(byte[] key, long delta);

    /**
     * Bitwise-ORs {@code operand} into the value under {@code key}, without a read conflict on
     * that key, like FoundationDB's BIT_OR mutation. As there, the old value (absent counts as
     * empty) is first zero-padded or <em>cut</em> to the operand's length, so the result always
     * has the operand's length: pass the full width of a bitmap every time, not just the bytes
     * that change.
     */
    void bitOr(byte[] key, byte[] operand);

    /**
     * Sets {@code value} under the key that {@code key} packs to once its one incomplete
     * versionstamp is filled in at commit. Versionstamps grow with commit order, so such keys
     * list in the order their transactions committed; the tuple's user version orders several
     * keys written by one transaction.
     *
     * @throws IllegalArgumentException if {@code key} does not hold exactly one incomplete
     *     versionstamp
     */
    void setVersionstampedKey(Tuple key, byte[] value);

    /**
     * Sets under {@code key} the bytes that {@code value} packs to once its one incomplete
     * versionstamp is filled in at commit: how a transaction records, in an index, the
     * versionstamped key it wrote (it cannot know the versionstamp before commit).
     *
     * @throws IllegalArgumentException if {@code value} does not hold exactly one incomplete
     *     versionstamp
     */
    void setVersionstampedValue(byte[] key, Tuple value);

    /**
     * Makes this transaction conflict with any concurrent commit that writes {@code key}, as if
     * it had been read serializably. Used after a snapshot read picked the key.
     */
    void addReadConflictKey(byte[] key);

    /** Like {@link #addReadConflictKey} for every key with {@code begin <= key < end}. */
    void addReadConflictRange(byte[] begin, byte[] end);
}
