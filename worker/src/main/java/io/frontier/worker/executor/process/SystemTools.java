package io.frontier.worker.executor.process;

import java.io.File;
import java.nio.file.Path;
import java.util.List;

/**
 * Absolute paths of the programs the runner needs: {@code setsid} and {@code prlimit} from
 * util-linux, {@code kill} (procps or util-linux; both accept {@code kill -s KILL -- -PGID}), and
 * the POSIX shell {@code sh}, whose builtin {@code kill} accepts the same.
 * Every Debian and RHEL system has them. They are resolved once, so a child's own {@code PATH}
 * never decides which program launches or kills it.
 */
public record SystemTools(Path setsid, Path prlimit, Path kill, Path shell) {

    /** Standard places searched before the worker's own PATH. */
    private static final List<String> STANDARD_DIRECTORIES = List.of("/usr/bin", "/bin", "/usr/sbin", "/sbin");

    public SystemTools {
        for (Path tool : List.of(setsid, prlimit, kill, shell)) {
            if (!tool.isAbsolute()) {
                throw new ProcessException("system tool path is not absolute").with("tool", tool);
            }
        }
    }

    /** Finds the tools in the standard directories, then on this process's PATH. */
    public static SystemTools find() {
        List<String> searched = ProgramSearch.directories(STANDARD_DIRECTORIES);
        return new SystemTools(locate("setsid", searched), locate("prlimit", searched), locate("kill", searched),
                locate("sh", searched));
    }

    private static Path locate(String name, List<String> directories) {
        return ProgramSearch.find(name, directories).orElseThrow(() -> new ProcessException("required system tool not found")
                .with("tool", name).with("package", switch (name) {
                    case "kill" -> "procps";
                    case "sh" -> "dash";
                    default -> "util-linux";
                })
                .with("searched", String.join(File.pathSeparator, directories)));
    }
}
