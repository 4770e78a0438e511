package io.frontier.store.corpus;

import io.frontier.store.error.FrontierException;

/** A part of a stage location cannot be a path component. Context: field, value. */
public final class InvalidStageLocationException extends FrontierException {

    private static final long serialVersionUID = 1L;

    private InvalidStageLocationException() {
        super("invalid stage location");
    }

    static InvalidStageLocationException of(String field, Object value) {
        InvalidStageLocationException failure = new InvalidStageLocationException();
        failure.with("field", field).with("value", value);
        return failure;
    }
}
