package io.frontier.store.kv;

/**
 * A transaction's affected data exceeds {@link KeyLimits#MAX_TRANSACTION_BYTES}: the bytes of
 * its mutations and of its read and write conflict ranges, counted as FoundationDB counts them.
 * Refused at commit; nothing was committed, and the same body would meet it again: the work must
 * be split over several transactions.
 */
public final class TransactionTooLargeException extends TransactionLimitException {

    private static final long serialVersionUID = 1L;

    /** FoundationDB's code for {@code transaction_too_large}. */
    public static final int FDB_ERROR = 2101;

    public TransactionTooLargeException(String message) {
        super(message, FDB_ERROR, "transaction_too_large", null);
    }

    public TransactionTooLargeException(String message, Throwable cause) {
        super(message, FDB_ERROR, "transaction_too_large", cause);
    }

    /** As {@link io.frontier.store.error.FrontierException#with}, keeping this type for chaining. */
    @Override
    public TransactionTooLargeException with(String key, Object value) {
        super.with(key, value);
        return this;
    }
}
