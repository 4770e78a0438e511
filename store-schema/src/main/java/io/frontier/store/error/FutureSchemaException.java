package io.frontier.store.error;

/**
 * A stored record was written by a newer Frontier whose schema version this build does not know.
 * It is not damaged, but reading it with an older layout could silently drop what the newer one
 * added, so it is treated like a corrupt record: left alone and reported. Context: {@code key},
 * {@code schema} (found), {@code supported}.
 */
public final class FutureSchemaException extends UnreadableRecordException {

    private static final long serialVersionUID = 1L;

    public FutureSchemaException(String message) {
        super(message);
    }
}
