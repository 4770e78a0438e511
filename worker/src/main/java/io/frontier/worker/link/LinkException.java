package io.frontier.worker.link;

import io.frontier.store.error.FrontierException;

/** A failure of the MPI link or of starting an MPI job. */
public final class LinkException extends FrontierException {

    private static final long serialVersionUID = 1L;

    public LinkException(String message) {
        super(message);
    }

    public LinkException(String message, Throwable cause) {
        super(message, cause);
    }

    @Override
    public LinkException with(String key, Object value) {
        super.with(key, value);
        return this;
    }
}
