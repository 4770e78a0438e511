package io.frontier.worker.rank;

import io.frontier.store.error.FrontierException;

/**
 * The worker rank cannot go on: bad settings, a scratch directory it does not own, a protocol
 * message from its coordinator that it cannot act on, or no message within the idle limit.
 * Context: rank, and the path, source, tag or value involved.
 */
public final class WorkerException extends FrontierException {

    private static final long serialVersionUID = 1L;

    public WorkerException(String message) {
        super(message);
    }

    public WorkerException(String message, Throwable cause) {
        super(message, cause);
    }

    @Override
    public WorkerException with(String key, Object value) {
        super.with(key, value);
        return this;
    }
}
