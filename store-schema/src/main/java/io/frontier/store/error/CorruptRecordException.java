package io.frontier.store.error;

/**
 * A stored record is damaged or inconsistent: not JSON, truncated, a missing, unknown or
 * mistyped field, an empty token, a non-finite or negative time, or an id that differs from the
 * hash in its key or in its payload. Context: {@code key}, {@code problem}.
 */
public final class CorruptRecordException extends UnreadableRecordException {

    private static final long serialVersionUID = 1L;

    public CorruptRecordException(String message) {
        super(message);
    }

    public CorruptRecordException(String message, Throwable cause) {
        super(message, cause);
    }
}
