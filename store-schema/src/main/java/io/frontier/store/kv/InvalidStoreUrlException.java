package io.frontier.store.kv;

/** A store URL that is neither {@code sqlite:<path>} nor {@code fdb:<cluster-file>}. */
public final class InvalidStoreUrlException extends StoreException {

    private static final long serialVersionUID = 1L;

    public InvalidStoreUrlException(String message) {
        super(message);
    }

    /** As {@link io.frontier.store.error.FrontierException#with}, keeping this type for chaining. */
    @Override
    public InvalidStoreUrlException with(String key, Object value) {
        super.with(key, value);
        return this;
    }
}
