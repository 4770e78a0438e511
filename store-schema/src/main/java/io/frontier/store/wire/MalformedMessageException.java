package io.frontier.store.wire;

import io.frontier.store.error.FrontierException;

/** A message that is not a well-formed instance of the type it must have. */
public final class MalformedMessageException extends FrontierException {

    private static final long serialVersionUID = 1L;

    public MalformedMessageException(String message, Throwable cause) {
        super(message, cause);
    }

    @Override
    public MalformedMessageException with(String key, Object value) {
        super.with(key, value);
        return this;
    }
}
