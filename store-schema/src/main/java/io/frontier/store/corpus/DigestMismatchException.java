package io.frontier.store.corpus;

import java.nio.file.Path;

/** The bytes under a name hash to another digest. Context: path, expected, actual. */
public final class DigestMismatchException extends CorruptObjectException {

    private static final long serialVersionUID = 1L;

    private DigestMismatchException() {
        super("object content does not match its name");
    }

    public static DigestMismatchException of(Path path, Digest expected, Digest actual) {
        DigestMismatchException failure = new DigestMismatchException();
        failure.with("path", path).with("expected", expected).with("actual", actual);
        return failure;
    }
}
