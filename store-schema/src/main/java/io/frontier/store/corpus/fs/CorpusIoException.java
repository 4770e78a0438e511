package io.frontier.store.corpus.fs;

import io.frontier.store.error.FrontierException;
import io.frontier.store.error.IoReason;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A filesystem step on the corpus failed. The fixed message names the step ("cannot fsync
 * file"); the context holds the path and the operating system's reason.
 */
public class CorpusIoException extends FrontierException {

    private static final long serialVersionUID = 1L;

    public CorpusIoException(String message, IOException cause) {
        super(message, cause);
    }

    /** The failure of {@code step} on {@code path}, with the reason taken from {@code cause}. */
    public static CorpusIoException of(String step, Path path, IOException cause) {
        CorpusIoException failure = new CorpusIoException(step, cause);
        failure.with("path", path).with("error", reasonOf(cause));
        return failure;
    }

    /** The operating system's words for {@code cause}, without repeating the path. */
    static String reasonOf(IOException cause) {
        return IoReason.of(cause);
    }
}
