package io.frontier.worker.executor.process;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Finds a program by name: in given directories first, in order, then on this process's
 * {@code PATH}. A candidate counts only if it is a regular, executable file. Empty {@code PATH}
 * entries (the working directory) are skipped: where a rank happens to be started must never
 * decide which program it runs.
 */
public final class ProgramSearch {

    private ProgramSearch() {
    }

    /** {@code first}, then the entries of this process's {@code PATH} not already among them. */
    public static List<String> directories(List<String> first) {
        Set<String> directories = new LinkedHashSet<>(first);
        String path = System.getenv("PATH");
        if (path != null) {
            for (String directory : path.split(File.pathSeparator)) {
                if (!directory.isEmpty()) {
                    directories.add(directory);
                }
            }
        }
        return new ArrayList<>(directories);
    }

    /** The first regular executable file named {@code program} in {@code directories}, absolute. */
    public static Optional<Path> find(String program, List<String> directories) {
        for (String directory : directories) {
            Path candidate = Path.of(directory, program);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate.toAbsolutePath());
            }
        }
        return Optional.empty();
    }

    /** {@code program} on this process's {@code PATH}. */
    public static Optional<Path> onPath(String program) {
        return find(program, directories(List.of()));
    }
}
