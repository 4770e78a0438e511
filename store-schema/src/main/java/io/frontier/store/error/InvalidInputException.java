package io.frontier.store.error;

/**
 * A caller passed a value the store refuses before it reads anything: a malformed work id or
 * token, an empty owner, a NaN, infinite or negative time or TTL, a batch larger than one
 * transaction may carry. Nothing was written. Context names the argument and the value.
 */
public final class InvalidInputException extends FrontierException {

    private static final long serialVersionUID = 1L;

    public InvalidInputException(String message) {
        super(message);
    }
}
