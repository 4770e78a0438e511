package io.frontier.store.campaign;

import io.frontier.store.error.FrontierException;

/**
 * What one item of a batch came to: a value, or the specific failure that refused it. A refused
 * item wrote nothing; the other items of the batch are unaffected.
 */
public record ItemResult<T>(T value, FrontierException failure) {

    public ItemResult {
        if ((value == null) == (failure == null)) {
            throw new IllegalArgumentException("exactly one of value and failure must be present");
        }
    }

    static <T> ItemResult<T> ok(T value) {
        return new ItemResult<>(value, null);
    }

    static <T> ItemResult<T> failed(FrontierException failure) {
        return new ItemResult<>(null, failure);
    }

    public boolean succeeded() {
        return failure == null;
    }

    /** The value, or the failure thrown. */
    public T orThrow() {
        if (failure != null) {
            throw failure;
        }
        return value;
    }
}
