package io.frontier.store.kv;

/**
 * A value (or an atomic operand) longer than {@link KeyLimits#MAX_VALUE_BYTES} was written.
 * Refused when the operation is called, before anything reaches the store; the same body would
 * meet it again.
 */
public final class ValueTooLargeException extends TransactionLimitException {

    private static final long serialVersionUID = 1L;

    /** FoundationDB's code for {@code value_too_large}. */
    public static final int FDB_ERROR = 2103;

    public ValueTooLargeException(String message) {
        super(message, FDB_ERROR, "value_too_large", null);
    }

    public ValueTooLargeException(String message, Throwable cause) {
        super(message, FDB_ERROR, "value_too_large", cause);
    }

    /** As {@link io.frontier.store.error.FrontierException#with}, keeping this type for chaining. */
    @Override
    public ValueTooLargeException with(String key, Object value) {
        super.with(key, value);
        return this;
    }
}
