package io.frontier.store.kv;

/**
 * The embedded store can only be read by this process: its directory or its file is read-only
 * here (permissions, a read-only mount). Reads work; a transaction that would write is refused
 * before it begins, and nothing was changed.
 */
public final class ReadOnlyStoreException extends StoreException {

    private static final long serialVersionUID = 1L;

    public ReadOnlyStoreException(String message) {
        super(message);
    }

    /** As {@link io.frontier.store.error.FrontierException#with}, keeping this type for chaining. */
    @Override
    public ReadOnlyStoreException with(String key, Object value) {
        super.with(key, value);
        return this;
    }
}
