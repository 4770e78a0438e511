package io.frontier.worker.executor;

import io.frontier.worker.executor.process.ProgramSearch;
import java.io.File;
import java.nio.file.Path;
import java.util.List;

/**
 * Absolute paths of the AFL++ programs Frontier runs: {@code afl-fuzz} for the afl executor and
 * {@code afl-showmap} for coverage triage. They are resolved once per worker, in the standard
 * directories and then on the worker's own {@code PATH}, so a target's {@code PATH} never decides
 * which fuzzer runs it.
 */
public record AflTools(Path aflFuzz, Path aflShowmap) {

    /** Standard places searched before the worker's own PATH (Debian's afl++ installs into /usr/bin). */
    private static final List<String> STANDARD_DIRECTORIES = List.of("/usr/bin", "/usr/local/bin");

    public AflTools {
        for (Path tool : List.of(aflFuzz, aflShowmap)) {
            if (!tool.isAbsolute()) {
                throw new ExecutorException("AFL++ tool path is not absolute").with("tool", tool);
            }
        }
    }

    /**
     * Finds both tools on this machine.
     *
     * @throws ExecutorException naming the missing tool and the directories searched
     */
    public static AflTools find() {
        List<String> searched = ProgramSearch.directories(STANDARD_DIRECTORIES);
        return new AflTools(locate("afl-fuzz", searched), locate("afl-showmap", searched));
    }

    private static Path locate(String name, List<String> directories) {
        return ProgramSearch.find(name, directories).orElseThrow(() ->
                new ExecutorException("AFL++ tool not found; install AFL++ (Debian package afl++)")
                        .with("tool", name).with("searched", String.join(File.pathSeparator, directories)));
    }
}
