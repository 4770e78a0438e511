package io.frontier.worker.pruning;

import io.frontier.store.error.FrontierException;

/**
 * A run's pruning map file could not be read or written, or holds more than SymCC's map. The run
 * goes on without the shared map; context: the path and the problem.
 */
public final class PruningFileException extends FrontierException {

    private static final long serialVersionUID = 1L;

    public PruningFileException(String message) {
        super(message);
    }

    public PruningFileException(String message, Throwable cause) {
        super(message, cause);
    }

    @Override
    public PruningFileException with(String key, Object value) {
        super.with(key, value);
        return this;
    }
}
