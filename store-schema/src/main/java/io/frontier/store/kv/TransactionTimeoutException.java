package io.frontier.store.kv;

/**
 * A call did not finish before its deadline ({@link StoreOptions#callTimeout()}), counted from
 * the start of {@link KeyValueStore#run} or {@link KeyValueStore#read} and covering every
 * execution of the body. Nothing the transaction wrote was committed.
 */
public final class TransactionTimeoutException extends StoreException {

    private static final long serialVersionUID = 1L;

    public TransactionTimeoutException(String message) {
        super(message);
    }

    public TransactionTimeoutException(String message, Throwable cause) {
        super(message, cause);
    }

    /** As {@link io.frontier.store.error.FrontierException#with}, keeping this type for chaining. */
    @Override
    public TransactionTimeoutException with(String key, Object value) {
        super.with(key, value);
        return this;
    }
}
