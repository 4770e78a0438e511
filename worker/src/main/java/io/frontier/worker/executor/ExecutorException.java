package io.frontier.worker.executor;

import io.frontier.store.error.FrontierException;

/**
 * An executor is misconfigured, or could not run an input (unusable input file or output
 * directory, a target that refused its set-up): there is no outcome for that input.
 */
public final class ExecutorException extends FrontierException {

    private static final long serialVersionUID = 1L;

    public ExecutorException(String message) {
        super(message);
    }

    public ExecutorException(String message, Throwable cause) {
        super(message, cause);
    }

    @Override
    public ExecutorException with(String key, Object value) {
        super.with(key, value);
        return this;
    }
}
