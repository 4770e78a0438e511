package io.frontier.store.kv;

/**
 * The rule every backend applies to a transaction's read-conflict hints
 * ({@link Transaction#addReadConflictKey}, {@link Transaction#addReadConflictRange}): a hint
 * must follow a read of the same transaction, serializable or snapshot. One instance per
 * execution of a body.
 *
 * <p>Why: FoundationDB takes a transaction's read version at its first read (or at commit, if it
 * never reads), and a hint makes the transaction conflict only with writes committed after that
 * version. A hint added before any read can only be meant to protect something the body learned
 * before its transaction had a read version, in an earlier transaction or outside the store, and
 * FoundationDB does not protect that: a write committed between then and the first read does not
 * conflict. The embedded store lets one writer in at a time, so no test on it could show the
 * difference; both backends therefore refuse such a hint, as a programming error, instead of
 * accepting one that protects nothing on a cluster. Every real body reads (a snapshot read that
 * picked the keys) before it hints.
 */
public final class ConflictHints {

    /** Whether the transaction has read, so that FoundationDB has taken its read version. */
    private boolean readVersionTaken;

    /** Records a read of the transaction. */
    public void read() {
        readVersionTaken = true;
    }

    /** Whether the transaction has read, and so has a read version on FoundationDB. */
    public boolean hasRead() {
        return readVersionTaken;
    }

    /**
     * Checks that a hint beginning at {@code begin} may be added now.
     *
     * @throws IllegalStateException if the transaction has not read anything yet
     */
    public void checkHint(byte[] begin) {
        if (!readVersionTaken) {
            throw new IllegalStateException("read conflict hint added before the transaction's first read"
                    + " (FoundationDB takes the read version at the first read, so the hint would not cover"
                    + " anything learned before it) [keyPrefix=" + KeyLimits.prefix(begin) + "]");
        }
    }
}
