package io.frontier.store.kv;

import io.frontier.store.error.FrontierException;

/**
 * A store operation failed for a reason the caller cannot fix by retrying the same call: an I/O
 * or database error, a closed store, a retry limit reached. Subclasses name the failures a
 * caller may want to tell apart.
 */
public class StoreException extends FrontierException {

    private static final long serialVersionUID = 1L;

    public StoreException(String message) {
        super(message);
    }

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }

    /** As {@link io.frontier.store.error.FrontierException#with}, keeping this type for chaining. */
    @Override
    public StoreException with(String key, Object value) {
        super.with(key, value);
        return this;
    }
}
