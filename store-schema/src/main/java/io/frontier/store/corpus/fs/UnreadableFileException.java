package io.frontier.store.corpus.fs;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A file could not be opened or read to the end. Readers tell it apart from failures of the
 * corpus itself: an unreadable external seed, for example, is retried on the next scan.
 */
public final class UnreadableFileException extends CorpusIoException {

    private static final long serialVersionUID = 1L;

    private UnreadableFileException(IOException cause) {
        super("cannot read file", cause);
    }

    /** The failure to read {@code path}, with the reason taken from {@code cause}. */
    public static UnreadableFileException of(Path path, IOException cause) {
        UnreadableFileException failure = new UnreadableFileException(cause);
        failure.with("path", path).with("error", reasonOf(cause));
        return failure;
    }
}
