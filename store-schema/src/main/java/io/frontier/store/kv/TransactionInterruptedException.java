package io.frontier.store.kv;

/**
 * The thread running a transaction body was interrupted, or one of the body's waits on the
 * backend was given up, while the body ran. The body may have caught the failure of that one
 * read and gone on with the rest of its work, so what it would write is not trusted: the call
 * ends with this exception and nothing the transaction wrote was committed. The interrupt
 * status of the thread is left set, for the caller to act on.
 */
public final class TransactionInterruptedException extends StoreException {

    private static final long serialVersionUID = 1L;

    public TransactionInterruptedException(String message) {
        super(message);
    }

    public TransactionInterruptedException(String message, Throwable cause) {
        super(message, cause);
    }

    /** As {@link io.frontier.store.error.FrontierException#with}, keeping this type for chaining. */
    @Override
    public TransactionInterruptedException with(String key, Object value) {
        super.with(key, value);
        return this;
    }
}
