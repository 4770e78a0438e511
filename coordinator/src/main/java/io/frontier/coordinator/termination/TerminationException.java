package io.frontier.coordinator.termination;

import io.frontier.store.error.FrontierException;

/** A violation of the termination protocol or an expired deadline: a control failure. */
public final class TerminationException extends FrontierException {

    private static final long serialVersionUID = 1L;

    public TerminationException(String message) {
        super(message);
    }

    @Override
    public TerminationException with(String key, Object value) {
        super.with(key, value);
        return this;
    }
}
