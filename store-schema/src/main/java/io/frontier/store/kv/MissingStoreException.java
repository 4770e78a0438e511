package io.frontier.store.kv;

/**
 * The embedded store file of an existing campaign is not there. It held the campaign's work,
 * manifest and findings, so nothing makes a new one in its place: the file must be restored
 * from a copy. The command line treats it as a control failure, like a missing corpus object.
 */
public final class MissingStoreException extends StoreException {

    private static final long serialVersionUID = 1L;

    public MissingStoreException(String message) {
        super(message);
    }

    /** As {@link io.frontier.store.error.FrontierException#with}, keeping this type for chaining. */
    @Override
    public MissingStoreException with(String key, Object value) {
        super.with(key, value);
        return this;
    }
}
