package io.frontier.worker.executor;

import io.frontier.store.error.IoReason;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Preparing a run's output directory and listing what the target left in it. */
final class OutputDirectory {

    /** Most outputs one run reports; a runaway target cannot make a listing grow without bound. */
    static final int MAX_OUTPUTS = 100_000;

    /** The regular files found, sorted by name, and whether more existed than were listed. */
    record Listing(List<Path> files, boolean truncated) {
    }

    private OutputDirectory() {
    }

    /** Creates {@code directory} (and its parents) if absent; rejects one that is not empty. */
    static Path prepare(Path directory) {
        Path absolute = directory.toAbsolutePath().normalize();
        if (absolute.getParent() == null) {
            throw new ExecutorException("output directory cannot be the root directory").with("outputDirectory", absolute);
        }
        try {
            Files.createDirectories(absolute);
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(absolute)) {
                if (entries.iterator().hasNext()) {
                    throw new ExecutorException("output directory is not empty").with("outputDirectory", absolute);
                }
            }
        } catch (IOException e) {
            throw new ExecutorException("output directory could not be prepared", e)
                    .with("outputDirectory", absolute).with("problem", IoReason.of(e));
        }
        return absolute;
    }

    static Listing list(Path directory) {
        List<Path> files = new ArrayList<>();
        boolean truncated = false;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
            for (Path entry : entries) {
                if (!Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS)) {
                    continue;
                }
                if (files.size() == MAX_OUTPUTS) {
                    truncated = true;
                    break;
                }
                files.add(entry);
            }
        } catch (IOException e) {
            throw new ExecutorException("output directory could not be listed", e)
                    .with("outputDirectory", directory).with("problem", IoReason.of(e));
        }
        files.sort(Comparator.comparing(path -> path.getFileName().toString()));
        return new Listing(files, truncated);
    }
}
