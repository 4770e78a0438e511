package io.frontier.tools.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Where the checkout's documentation is: the project root, found from the tools module's directory. */
final class ProjectTree {

    /** What a test failure tells the reader to run. */
    static final String REGENERATE = "scripts/docs.sh";

    private ProjectTree() {
    }

    /**
     * The project root: the first directory at or above Maven's {@code basedir} (the module a test
     * runs in) or the working directory that holds both {@code README.md} and {@code tools/pom.xml}.
     */
    static Path root() {
        Path start = Path.of(System.getProperty("basedir", "")).toAbsolutePath().normalize();
        for (Path candidate = start; candidate != null; candidate = candidate.getParent()) {
            if (Files.isRegularFile(candidate.resolve("README.md")) && Files.isRegularFile(candidate.resolve("tools/pom.xml"))) {
                return candidate;
            }
        }
        throw new IllegalStateException("no project root (README.md beside tools/pom.xml) at or above " + start);
    }

    /** README.md and every Markdown file under docs/, relative to the root, sorted. */
    static List<Path> markdownFiles(Path root) {
        try (Stream<Path> files = Files.walk(root.resolve("docs"))) {
            return Stream.concat(Stream.of(root.resolve("README.md")),
                            files.filter(file -> file.toString().endsWith(".md")).sorted())
                    .map(root::relativize).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every regular file under {@code directory} (relative to {@code root}), relative to the root, sorted; none if it is missing. */
    static List<Path> filesUnder(Path root, Path directory) {
        if (!Files.isDirectory(root.resolve(directory))) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(root.resolve(directory))) {
            return files.filter(Files::isRegularFile).map(root::relativize).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
