package io.frontier.store.kv;

/**
 * The embedded store was asked to live on a network filesystem, whose file locking SQLite cannot
 * rely on: two machines could then both believe they hold the write lock. Nothing was created or
 * changed.
 */
public final class UnsupportedFilesystemException extends StoreException {

    private static final long serialVersionUID = 1L;

    public UnsupportedFilesystemException(String message) {
        super(message);
    }

    /** As {@link io.frontier.store.error.FrontierException#with}, keeping this type for chaining. */
    @Override
    public UnsupportedFilesystemException with(String key, Object value) {
        super.with(key, value);
        return this;
    }
}
