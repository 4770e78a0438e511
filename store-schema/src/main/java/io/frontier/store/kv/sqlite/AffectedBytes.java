package io.frontier.store.kv.sqlite;

import io.frontier.store.kv.KeyLimits;
import io.frontier.store.kv.TransactionTooLargeException;
import java.util.Arrays;

/**
 * The affected data of one execution of a read-write body, counted as FoundationDB counts it for
 * its {@code transaction_too_large} check at commit: each mutation's two parameters plus the
 * record FoundationDB keeps for it, and each read or write conflict range's two keys plus its
 * record. Values read are not counted, nor are snapshot reads, which add no conflict range.
 *
 * <p>What each operation adds: {@code set} its key and value as a mutation and the range
 * {@code [key, key + 0x00)} as a write conflict; {@code clear} the same range as both; an atomic
 * operation its key and operand, and the key's range; {@code clearRange} its bounds as both
 * (nothing if it is empty); a serializable {@code get} the key's range as a read conflict; a
 * serializable range read the range it scanned (to just past its last pair when a limit cut it
 * short); a conflict hint its range. A versionstamped key or value counts with the four bytes
 * FoundationDB's operand carries for the versionstamp's position.
 *
 * <p>Every call counts on its own: FoundationDB merges repeated writes of one key and
 * overlapping conflict ranges before it counts, so this count is never below FoundationDB's, and
 * the embedded store refuses a transaction at or slightly before the size where FoundationDB
 * would.
 */
final class AffectedBytes {

    /** FoundationDB's in-memory record of one mutation ({@code MutationRef}: a type and two key references). */
    static final int MUTATION_RECORD_BYTES = 40;
    /** FoundationDB's in-memory record of one conflict range ({@code KeyRangeRef}: two key references). */
    static final int RANGE_RECORD_BYTES = 32;
    /** The position of the incomplete versionstamp that FoundationDB's versionstamp operands end with. */
    private static final int VERSIONSTAMP_POSITION_BYTES = 4;

    private long mutationBytes;
    private long readConflictBytes;
    private long writeConflictBytes;

    void set(byte[] key, byte[] value) {
        mutation(key.length + value.length);
        writeConflict(singleKeyRange(key));
    }

    void clear(byte[] key) {
        mutation(singleKeyRange(key));
        writeConflict(singleKeyRange(key));
    }

    void clearRange(byte[] begin, byte[] end) {
        if (Arrays.compareUnsigned(begin, end) >= 0) {
            return;
        }
        mutation(begin.length + end.length);
        writeConflict(begin.length + end.length);
    }

    void atomic(byte[] key, int operandBytes) {
        mutation(key.length + operandBytes);
        writeConflict(singleKeyRange(key));
    }

    void versionstampedKey(byte[] packedKey, byte[] value) {
        mutation(packedKey.length + VERSIONSTAMP_POSITION_BYTES + value.length);
        writeConflict(singleKeyRange(packedKey));
    }

    void versionstampedValue(byte[] key, byte[] packedValue) {
        mutation(key.length + packedValue.length + VERSIONSTAMP_POSITION_BYTES);
        writeConflict(singleKeyRange(key));
    }

    void readKey(byte[] key) {
        readConflictBytes += singleKeyRange(key) + RANGE_RECORD_BYTES;
    }

    void readRange(byte[] begin, byte[] end) {
        readConflictBytes += begin.length + end.length + RANGE_RECORD_BYTES;
    }

    /** Everything counted so far. */
    long total() {
        return mutationBytes + readConflictBytes + writeConflictBytes;
    }

    /**
     * Refuses the commit as FoundationDB would. A transaction that wrote nothing commits nothing
     * on FoundationDB, so its read conflicts are never counted there, and it is not refused.
     *
     * @throws TransactionTooLargeException if the count exceeds {@link KeyLimits#MAX_TRANSACTION_BYTES}
     */
    void refuseIfTooLarge(String store) {
        boolean wrote = mutationBytes > 0 || writeConflictBytes > 0;
        if (wrote && total() > KeyLimits.MAX_TRANSACTION_BYTES) {
            throw new TransactionTooLargeException("transaction affects more data than FoundationDB commits at once")
                    .with("store", store)
                    .with("bytes", total())
                    .with("limit", KeyLimits.MAX_TRANSACTION_BYTES)
                    .with("mutationBytes", mutationBytes)
                    .with("readConflictBytes", readConflictBytes)
                    .with("writeConflictBytes", writeConflictBytes);
        }
    }

    private void mutation(long bytes) {
        mutationBytes += bytes + MUTATION_RECORD_BYTES;
    }

    private void writeConflict(long bytes) {
        writeConflictBytes += bytes + RANGE_RECORD_BYTES;
    }

    /** The two keys of {@code [key, key + 0x00)}. */
    private static long singleKeyRange(byte[] key) {
        return 2L * key.length + 1;
    }
}
