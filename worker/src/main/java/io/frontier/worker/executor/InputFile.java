package io.frontier.worker.executor;

import java.nio.file.Files;
import java.nio.file.Path;

/** The input of a run: a readable regular file, named by its absolute path. */
final class InputFile {

    private InputFile() {
    }

    /** The absolute, normalized path of {@code input}, which must be a readable regular file. */
    static Path require(Path input) {
        Path absolute = input.toAbsolutePath().normalize();
        if (!Files.isRegularFile(absolute) || !Files.isReadable(absolute)) {
            throw new ExecutorException("input is not a readable regular file").with("input", absolute);
        }
        return absolute;
    }
}
