package io.frontier.worker.triage;

import io.frontier.store.error.FrontierException;

/** Coverage triage is misconfigured or could not run an input: there is no coverage for it. */
public final class TriageException extends FrontierException {

    private static final long serialVersionUID = 1L;

    public TriageException(String message) {
        super(message);
    }

    public TriageException(String message, Throwable cause) {
        super(message, cause);
    }

    @Override
    public TriageException with(String key, Object value) {
        super.with(key, value);
        return this;
    }
}
