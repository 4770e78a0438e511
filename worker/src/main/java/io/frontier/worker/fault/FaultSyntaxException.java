package io.frontier.worker.fault;

import io.frontier.store.error.FrontierException;

/** The fault plan does not parse. Context: the entry and the part of it that is wrong. */
public final class FaultSyntaxException extends FrontierException {

    private static final long serialVersionUID = 1L;

    public FaultSyntaxException(String message) {
        super(message);
    }

    @Override
    public FaultSyntaxException with(String key, Object value) {
        super.with(key, value);
        return this;
    }
}
