package io.frontier.worker.executor;

import io.frontier.store.error.IoReason;
import io.frontier.store.wire.LeftOut;
import io.frontier.store.wire.Result;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;

/**
 * Preparing a run's output directory and listing what the target left in it: every regular file
 * at any depth (an engine may write {@code queue/id:000001}, as AFL++ does), never following a
 * symbolic link (a target could point one anywhere), never reading a FIFO, socket or device; those
 * are counted, with a few examples, as left out, and so are regular files beyond
 * {@link #MAX_OUTPUTS}.
 */
final class OutputDirectory {

    /** Most outputs one run yields: as many children as one result may declare. */
    static final int MAX_OUTPUTS = Result.MAX_CHILDREN;
    /** Examples of left-out entries a listing keeps for the worker's log. */
    static final int EXAMPLES = 5;

    /**
     * The regular files found, sorted by their path inside the directory, what was left out, and
     * a few of the entries left out, described for a log ("symbolic link queue/x -> /etc").
     */
    record Listing(List<Path> files, LeftOut leftOut, List<String> examples) {
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
        int[] links = {0};
        int[] special = {0};
        int[] overLimit = {0};
        List<String> examples = new ArrayList<>();
        try {
            Files.walkFileTree(directory, EnumSet.noneOf(FileVisitOption.class), Integer.MAX_VALUE,
                    new SimpleFileVisitor<>() {
                        @Override
                        public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                            String inside = directory.relativize(file).toString();
                            if (attributes.isSymbolicLink()) {
                                links[0]++;
                                example(examples, "symbolic link " + inside + " -> " + Files.readSymbolicLink(file));
                            } else if (attributes.isRegularFile()) {
                                if (files.size() < MAX_OUTPUTS) {
                                    files.add(file);
                                } else {
                                    overLimit[0]++;
                                    example(examples, "file " + inside + " beyond the " + MAX_OUTPUTS + " outputs taken");
                                }
                            } else if (!attributes.isDirectory()) {
                                special[0]++;
                                example(examples, "special file " + inside + " (FIFO, socket or device)");
                            }
                            return FileVisitResult.CONTINUE;
                        }
                    });
        } catch (IOException e) {
            throw new ExecutorException("output directory could not be listed", e)
                    .with("outputDirectory", directory).with("problem", IoReason.of(e));
        }
        files.sort(Comparator.comparing(path -> directory.relativize(path).toString()));
        return new Listing(files, new LeftOut(links[0], special[0], overLimit[0]), examples);
    }

    private static void example(List<String> examples, String example) {
        if (examples.size() < EXAMPLES) {
            examples.add(example);
        }
    }
}
