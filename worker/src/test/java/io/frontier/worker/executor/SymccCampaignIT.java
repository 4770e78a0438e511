package io.frontier.worker.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.frontier.worker.executor.process.ProcessResult;
import io.frontier.worker.executor.process.ProcessRunner;
import io.frontier.worker.executor.process.ProcessSpec;
import io.frontier.worker.executor.process.ProgramSearch;
import io.frontier.worker.executor.process.ResourceLimits;
import io.frontier.worker.executor.process.Signals;
import io.frontier.worker.executor.process.Termination;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The C target shipped in {@code examples/symcc-target}: first compiled natively to check that
 * only the guarded input aborts it, then, when {@code SYMCC} names a SymCC installation,
 * compiled with SymCC and explored by a simple loop over the {@link SymccExecutor} until the
 * guarded input is reached.
 */
class SymccCampaignIT {

    private static final String SKIP_REASON =
            "SymCC test skipped: set SYMCC to a SymCC installation (its symcc compiler wrapper, or the directory holding it)";
    private static final Path SOURCE = Path.of("examples", "symcc-target", "nested.c");
    private static final Duration COMPILE_LIMIT = Duration.ofMinutes(3);
    private static final Duration RUN_LIMIT = Duration.ofSeconds(60);
    /** Four generations reach the abort; the bound only keeps a broken set-up from running long. */
    private static final int MAX_EXECUTIONS = 60;

    private final ProcessRunner runner = ProcessRunner.onThisMachine();
    private final ChildEnvironment environment = ChildEnvironment.ofThisProcess();

    @TempDir
    Path dir;

    @Test
    void theTargetAbortsOnlyOnTheGuardedInputWhenCompiledNatively() throws IOException {
        Optional<Path> cc = ProgramSearch.onPath("cc");
        assumeTrue(cc.isPresent(), "native check skipped: no cc on PATH");
        Path binary = compile(cc.get(), dir.resolve("nested-native"));
        Executor byFile = new CommandExecutor(new CommandConfig(List.of(binary.toString(), "{input}"), InputMode.FILE,
                Map.of(), ResourceLimits.NONE), runner, environment);
        Executor byStdin = new CommandExecutor(new CommandConfig(List.of(binary.toString()), InputMode.STDIN,
                Map.of(), ResourceLimits.NONE), runner, environment);

        for (Executor executor : List.of(byFile, byStdin)) {
            assertThat(run(executor, "FRNT").termination()).isEqualTo(new Termination.Signaled(Signals.SIGABRT));
            assertThat(run(executor, "FRNX").kind()).isEqualTo(ExitKind.OK);
            assertThat(run(executor, "FRN").kind()).isEqualTo(ExitKind.OK);
        }
    }

    @Test
    void symccReachesTheGuardedInputWithTheInputAsAFile() throws IOException {
        explore(InputMode.FILE, List.of("{input}"));
    }

    @Test
    void symccReachesTheGuardedInputWithTheInputOnStandardInput() throws IOException {
        explore(InputMode.STDIN, List.of());
    }

    private void explore(InputMode mode, List<String> arguments) throws IOException {
        Optional<Path> symcc = symccCompiler();
        if (symcc.isEmpty()) {
            // The build log shows a skip count only; the reason belongs next to it.
            System.err.println(SKIP_REASON);
        }
        assumeTrue(symcc.isPresent(), SKIP_REASON);
        Path binary = compile(symcc.get(), dir.resolve("nested-symcc"));
        Executor executor = new SymccExecutor(new SymccConfig(binary.toString(), arguments, mode, false, false,
                Map.of(), ResourceLimits.NONE), Optional.empty(), runner, environment);

        Deque<Path> queue = new ArrayDeque<>(List.of(Files.writeString(dir.resolve("seed"), "AAAA")));
        Set<String> seen = new HashSet<>(Set.of("AAAA"));
        int executions = 0;
        Execution crash = null;
        while (crash == null && !queue.isEmpty() && executions < MAX_EXECUTIONS) {
            Path input = queue.removeFirst();
            Execution execution = executor.run(input, dir.resolve("run-" + executions + "/out"), RUN_LIMIT);
            executions++;
            if (execution.kind() == ExitKind.CRASH) {
                crash = execution;
                break;
            }
            for (Path output : execution.outputs()) {
                if (seen.add(Files.readString(output, StandardCharsets.ISO_8859_1))) {
                    queue.addLast(output);
                }
            }
        }

        assertThat(crash).as("guarded input reached within %d executions (ran %d, saw %s)",
                MAX_EXECUTIONS, executions, seen).isNotNull();
        assertThat(crash.termination()).isEqualTo(new Termination.Signaled(Signals.SIGABRT));
    }

    private Execution run(Executor executor, String content) throws IOException {
        Path run = Files.createTempDirectory(dir, "run");
        return executor.run(Files.writeString(run.resolve("input"), content), run.resolve("out"), RUN_LIMIT);
    }

    private Path compile(Path compiler, Path binary) {
        ProcessResult result = runner.run(new ProcessSpec(compiler, List.of("-O1", "-o", binary.toString(),
                source().toString()), environment.compose(Map.of(), Map.of()), dir, Optional.empty(),
                ResourceLimits.NONE), COMPILE_LIMIT);
        assertThat(result.termination()).as("compiling with %s: %s", compiler, result.stderr().text())
                .isEqualTo(new Termination.Exited(0));
        return binary;
    }

    /** The C source, found from the module or the repository directory the test runs in. */
    private static Path source() {
        for (Path directory = Path.of("").toAbsolutePath(); directory != null; directory = directory.getParent()) {
            if (Files.isRegularFile(directory.resolve(SOURCE))) {
                return directory.resolve(SOURCE);
            }
        }
        throw new AssertionError("cannot find " + SOURCE + " above " + Path.of("").toAbsolutePath());
    }

    /** The symcc wrapper that SYMCC names, directly or as its directory; empty when SYMCC is unset. */
    private static Optional<Path> symccCompiler() {
        String symcc = System.getenv("SYMCC");
        if (symcc == null || symcc.isBlank()) {
            return Optional.empty();
        }
        Path named = Path.of(symcc).toAbsolutePath();
        return Stream.of(named, named.resolve("symcc"), named.resolve("bin/symcc"))
                .filter(path -> Files.isRegularFile(path) && Files.isExecutable(path))
                .findFirst()
                .or(() -> {
                    throw new AssertionError("SYMCC=" + symcc + " names no symcc compiler wrapper");
                });
    }
}
