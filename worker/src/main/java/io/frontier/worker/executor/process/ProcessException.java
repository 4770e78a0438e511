package io.frontier.worker.executor.process;

import io.frontier.store.error.FrontierException;

/** A child process could not be launched, or did not end when killed: it has no outcome to report. */
public final class ProcessException extends FrontierException {

    private static final long serialVersionUID = 1L;

    public ProcessException(String message) {
        super(message);
    }

    public ProcessException(String message, Throwable cause) {
        super(message, cause);
    }

    @Override
    public ProcessException with(String key, Object value) {
        super.with(key, value);
        return this;
    }
}
