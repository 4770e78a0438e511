package io.frontier.store.corpus;

import java.nio.file.Path;

/**
 * A valid object name holds a directory, a symbolic link or a special file. Context: path,
 * type.
 */
public final class NotRegularObjectException extends CorruptObjectException {

    private static final long serialVersionUID = 1L;

    private NotRegularObjectException() {
        super("object is not a regular file");
    }

    public static NotRegularObjectException of(Path path, EntryType type) {
        NotRegularObjectException failure = new NotRegularObjectException();
        failure.with("path", path).with("type", type.description());
        return failure;
    }
}
