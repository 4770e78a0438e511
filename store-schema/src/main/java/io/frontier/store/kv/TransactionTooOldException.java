package io.frontier.store.kv;

/**
 * An execution of a transaction body read, wrote or committed after its transaction had lived
 * longer than FoundationDB lets one transaction live ({@link KeyLimits#MAX_TRANSACTION_AGE}),
 * or than the shorter {@link StoreOptions#attemptTimeout()}. Nothing that execution wrote was
 * committed. A body that meets it on every execution does too much serial work for one
 * transaction and must be split.
 */
public final class TransactionTooOldException extends TransactionLimitException {

    private static final long serialVersionUID = 1L;

    /** FoundationDB's code for {@code transaction_too_old}. */
    public static final int FDB_ERROR = 1007;

    public TransactionTooOldException(String message) {
        super(message, FDB_ERROR, "transaction_too_old", null);
    }

    public TransactionTooOldException(String message, Throwable cause) {
        super(message, FDB_ERROR, "transaction_too_old", cause);
    }

    /** As {@link io.frontier.store.error.FrontierException#with}, keeping this type for chaining. */
    @Override
    public TransactionTooOldException with(String key, Object value) {
        super.with(key, value);
        return this;
    }
}
