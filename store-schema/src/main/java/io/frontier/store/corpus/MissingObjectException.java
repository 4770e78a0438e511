package io.frontier.store.corpus;

import io.frontier.store.error.FrontierException;
import java.nio.file.Path;

/** An object that should be in an object directory is not there. Context: path. */
public final class MissingObjectException extends FrontierException {

    private static final long serialVersionUID = 1L;

    private MissingObjectException() {
        super("object is missing");
    }

    public static MissingObjectException of(Path path) {
        MissingObjectException failure = new MissingObjectException();
        failure.with("path", path);
        return failure;
    }
}
