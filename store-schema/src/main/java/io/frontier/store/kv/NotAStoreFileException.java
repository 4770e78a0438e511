package io.frontier.store.kv;

/**
 * The file named as an embedded store exists but is not a Frontier store (not SQLite, another
 * program's SQLite database, or a layout this version does not know). The file was left exactly
 * as it was found.
 */
public final class NotAStoreFileException extends StoreException {

    private static final long serialVersionUID = 1L;

    public NotAStoreFileException(String message) {
        super(message);
    }

    public NotAStoreFileException(String message, Throwable cause) {
        super(message, cause);
    }

    /** As {@link io.frontier.store.error.FrontierException#with}, keeping this type for chaining. */
    @Override
    public NotAStoreFileException with(String key, Object value) {
        super.with(key, value);
        return this;
    }
}
