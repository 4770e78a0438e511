package io.frontier.store.error;

/**
 * A stored value exists but cannot be used as the record its key promises. Such a value is never
 * overwritten: the item it belongs to is blocked and reported, because guessing what it meant
 * could hand work to the wrong holder or redirect recovery to another item.
 *
 * <p>Context always names the {@code key}; subclasses say why it is unreadable.
 */
public abstract class UnreadableRecordException extends FrontierException {

    private static final long serialVersionUID = 1L;

    protected UnreadableRecordException(String message) {
        super(message);
    }

    protected UnreadableRecordException(String message, Throwable cause) {
        super(message, cause);
    }
}
