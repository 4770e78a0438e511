package io.frontier.store.kv;

/**
 * A transaction that FoundationDB refuses for one of its limits ({@link KeyLimits}). Both
 * backends refuse the same transaction with the same subclass, named after FoundationDB's error,
 * whose code and name the context carries first as {@code fdbError}: the embedded store counts
 * what FoundationDB counts and refuses before FoundationDB would, so a body that passes the
 * embedded store's tests does not meet the limit on a cluster.
 *
 * <p>Nothing the refused execution wrote was committed. The subclass says whether running the
 * body again can help.
 */
public abstract class TransactionLimitException extends StoreException {

    private static final long serialVersionUID = 1L;

    private final int fdbError;

    protected TransactionLimitException(String message, int fdbError, String fdbName, Throwable cause) {
        super(message, cause);
        this.fdbError = fdbError;
        super.with("fdbError", fdbError + " " + fdbName);
    }

    /** The code of FoundationDB's error for this limit, e.g. 2101 for {@code transaction_too_large}. */
    public int fdbError() {
        return fdbError;
    }
}
