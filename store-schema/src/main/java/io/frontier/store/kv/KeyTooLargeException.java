package io.frontier.store.kv;

/**
 * A key longer than {@link KeyLimits#MAX_KEY_BYTES} was read or written. Refused when the
 * operation is called, before anything reaches the store; the same body would meet it again.
 */
public final class KeyTooLargeException extends TransactionLimitException {

    private static final long serialVersionUID = 1L;

    /** FoundationDB's code for {@code key_too_large}. */
    public static final int FDB_ERROR = 2102;

    public KeyTooLargeException(String message) {
        super(message, FDB_ERROR, "key_too_large", null);
    }

    public KeyTooLargeException(String message, Throwable cause) {
        super(message, FDB_ERROR, "key_too_large", cause);
    }

    /** As {@link io.frontier.store.error.FrontierException#with}, keeping this type for chaining. */
    @Override
    public KeyTooLargeException with(String key, Object value) {
        super.with(key, value);
        return this;
    }
}
