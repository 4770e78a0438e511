package io.frontier.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.frontier.worker.executor.ChildEnvironment;
import io.frontier.worker.executor.process.ProcessResult;
import io.frontier.worker.executor.process.ProcessRunner;
import io.frontier.worker.executor.process.ProcessSpec;
import io.frontier.worker.executor.process.ProgramSearch;
import io.frontier.worker.executor.process.ResourceLimits;
import io.frontier.worker.executor.process.Termination;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The demo target of {@code examples/demo-target}, built for a test by the project's own
 * {@code scripts/build-demo-target.sh} into the test's directory, and small C programs compiled
 * with {@code afl-cc}. Tests that use it are skipped, with the reason printed, where AFL++ is not
 * installed.
 */
public final class DemoTarget {

    public static final String SKIP_REASON = "AFL++ test skipped: afl-cc, afl-fuzz or afl-showmap is not on PATH"
            + " (scripts/setup.sh installs Debian's afl++)";

    private static final Duration BUILD_LIMIT = Duration.ofMinutes(3);
    private static final ProcessRunner RUNNER = ProcessRunner.onThisMachine();
    private static final ChildEnvironment ENVIRONMENT = ChildEnvironment.ofThisProcess();

    private DemoTarget() {
    }

    /** Skips the calling test, saying why, unless AFL++ is installed. */
    public static void assumeAfl() {
        boolean present = Stream.of("afl-cc", "afl-fuzz", "afl-showmap").allMatch(tool -> ProgramSearch.onPath(tool).isPresent());
        if (!present) {
            // The build log shows a skip count only; the reason belongs next to it.
            System.err.println(SKIP_REASON);
        }
        assumeTrue(present, SKIP_REASON);
    }

    /** Builds {@code <directory>/demo-afl} with the project's build script and returns it. */
    public static Path build(Path directory) throws IOException {
        assumeAfl();
        Files.createDirectories(directory);
        Path script = repositoryFile(Path.of("scripts", "build-demo-target.sh"));
        run(Path.of("/bin/bash"), List.of(script.toString(), directory.toString()), directory);
        Path binary = directory.resolve("demo-afl");
        assertThat(binary).isExecutable();
        return binary;
    }

    /** A seed of {@code examples/demo-target/seeds}. */
    public static Path seed(String name) {
        return repositoryFile(Path.of("examples", "demo-target", "seeds", name));
    }

    /** Writes {@code source} as {@code <name>.c} in {@code directory} and compiles it with afl-cc. */
    public static Path compileWithAfl(Path directory, String name, String source) throws IOException {
        assumeAfl();
        Path file = Files.writeString(directory.resolve(name + ".c"), source, StandardCharsets.UTF_8);
        Path binary = directory.resolve(name);
        run(ProgramSearch.onPath("afl-cc").orElseThrow(), List.of("-O0", "-o", binary.toString(), file.toString()), directory);
        return binary;
    }

    private static void run(Path program, List<String> arguments, Path directory) {
        ProcessResult result = RUNNER.run(new ProcessSpec(program, arguments,
                ENVIRONMENT.compose(Map.of(), Map.of("AFL_QUIET", "1")), directory, Optional.empty(),
                ResourceLimits.NONE), BUILD_LIMIT);
        assertThat(result.termination()).as("%s %s: %s", program, arguments, result.stderr().text())
                .isEqualTo(new Termination.Exited(0));
    }

    /** A file of the repository, found from the module or the repository directory the test runs in. */
    private static Path repositoryFile(Path relative) {
        for (Path directory = Path.of("").toAbsolutePath(); directory != null; directory = directory.getParent()) {
            if (Files.exists(directory.resolve(relative))) {
                return directory.resolve(relative);
            }
        }
        throw new AssertionError("cannot find " + relative + " above " + Path.of("").toAbsolutePath());
    }
}
