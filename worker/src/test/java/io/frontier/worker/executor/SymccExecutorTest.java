package io.frontier.worker.executor;

import static io.frontier.worker.executor.process.TestProcesses.script;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.worker.executor.process.ProcessRunner;
import io.frontier.worker.executor.process.ResourceLimits;
import io.frontier.worker.executor.process.Termination;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs a fake SymCC target that records what it was given (environment, arguments, standard
 * input, whether its output directory existed) and writes two outputs the way SymCC names them.
 */
class SymccExecutorTest {

    private static final Duration LIMIT = Duration.ofSeconds(20);

    /** A worker environment holding values that must not reach a target. */
    private static final ChildEnvironment WORKER = ChildEnvironment.from(Map.of(
            "PATH", "/usr/bin:/bin", "HOME", "/home/worker", "OMPI_COMM_WORLD_RANK", "3",
            "SYMCC_NO_SYMBOLIC_INPUT", "1", "SYMCC_INPUT_FILE", "/stale/input", "SYMCC_OUTPUT_DIR", "/stale/out"));

    private final ExecutorFactory factory = new ExecutorFactory(ProcessRunner.onThisMachine(), WORKER);

    @TempDir
    Path dir;
    private Path target;
    private Path record;
    private Path input;

    @BeforeEach
    void fakeTarget() throws IOException {
        record = Files.createDirectories(dir.resolve("record"));
        input = Files.writeString(dir.resolve("input"), "seed bytes");
        target = script(dir, "fake-symcc-target", """
                env > "$RECORD/environment"
                printf '%s\\n' "$@" > "$RECORD/arguments"
                if [ -d "$SYMCC_OUTPUT_DIR" ]; then echo yes; else echo no; fi > "$RECORD/output-dir-existed"
                cat > "$RECORD/stdin"
                printf 'A' > "$SYMCC_OUTPUT_DIR/000000"
                printf 'B' > "$SYMCC_OUTPUT_DIR/000001-optimistic"
                """);
    }

    private SymccConfig config(List<String> arguments, InputMode mode, boolean coverageMap, boolean linearization) {
        return new SymccConfig(target.toString(), arguments, mode, coverageMap, linearization,
                Map.of("RECORD", record.toString()), ResourceLimits.NONE);
    }

    private Map<String, String> recordedEnvironment() throws IOException {
        return Files.readAllLines(record.resolve("environment")).stream()
                .map(line -> line.split("=", 2))
                .collect(Collectors.toMap(pair -> pair[0], pair -> pair[1]));
    }

    @Test
    void fileModeNamesTheInputInTheEnvironmentAndTheArgumentsAlike() throws IOException {
        Path out = dir.resolve("run/out");

        Execution execution = factory.create(config(List.of("--parse", "{input}"), InputMode.FILE, false, false),
                dir.resolve("worker")).run(input, out, LIMIT);

        Map<String, String> environment = recordedEnvironment();
        assertThat(environment).containsEntry("SYMCC_OUTPUT_DIR", out.toString())
                .containsEntry("SYMCC_INPUT_FILE", input.toString())
                .containsEntry("PATH", "/usr/bin:/bin").containsEntry("HOME", "/home/worker")
                .doesNotContainKeys("SYMCC_NO_SYMBOLIC_INPUT", "SYMCC_AFL_COVERAGE_MAP", "SYMCC_ENABLE_LINEARIZATION",
                        "SYMCC_MEMORY_INPUT", "SYMCC_LOG_FILE", "OMPI_COMM_WORLD_RANK");
        assertThat(Files.readAllLines(record.resolve("arguments"))).containsExactly("--parse", input.toString());
        assertThat(record.resolve("output-dir-existed")).hasContent("yes");
        assertThat(record.resolve("stdin")).isEmptyFile();
        assertThat(execution.kind()).isEqualTo(ExitKind.OK);
        assertThat(execution.outputs()).containsExactly(out.resolve("000000"), out.resolve("000001-optimistic"));
    }

    @Test
    void stdinModeLeavesInputFileUnsetAndFeedsTheInputOnStandardInput() throws IOException {
        Path out = dir.resolve("run/out");

        factory.create(config(List.of(), InputMode.STDIN, false, false), dir.resolve("worker")).run(input, out, LIMIT);

        assertThat(recordedEnvironment()).containsEntry("SYMCC_OUTPUT_DIR", out.toString())
                .doesNotContainKeys("SYMCC_INPUT_FILE", "SYMCC_NO_SYMBOLIC_INPUT");
        assertThat(record.resolve("stdin")).hasContent("seed bytes");
        assertThat(record.resolve("output-dir-existed")).hasContent("yes");
    }

    @Test
    void theWorkersCoverageMapAndLinearizationAreSetOnlyWhenConfigured() throws IOException {
        Path worker = dir.resolve("workers/w7");

        factory.create(config(List.of("{input}"), InputMode.FILE, true, true), worker)
                .run(input, dir.resolve("first/out"), LIMIT);
        Map<String, String> configured = recordedEnvironment();
        factory.create(config(List.of("{input}"), InputMode.FILE, false, false), worker)
                .run(input, dir.resolve("second/out"), LIMIT);
        Map<String, String> unconfigured = recordedEnvironment();

        assertThat(configured).containsEntry("SYMCC_AFL_COVERAGE_MAP", worker.resolve(ExecutorFactory.pruningMapFile("symcc")).toString())
                .containsEntry("SYMCC_ENABLE_LINEARIZATION", "1");
        assertThat(worker).isDirectory();
        assertThat(unconfigured).doesNotContainKeys("SYMCC_AFL_COVERAGE_MAP", "SYMCC_ENABLE_LINEARIZATION");
    }

    @Test
    void aTargetThatCannotUseItsOutputDirectoryIsAnErrorNotAnEmptyRun() {
        Path refusing = script(dir, "refusing", """
                rmdir "$SYMCC_OUTPUT_DIR"
                echo "Error: the output directory $SYMCC_OUTPUT_DIR (configurable via SYMCC_OUTPUT_DIR) does not exist." >&2
                exit 255
                """);
        SymccConfig config = new SymccConfig(refusing.toString(), List.of(), InputMode.STDIN, false, false, Map.of(),
                ResourceLimits.NONE);

        assertThatThrownBy(() -> factory.create(config, dir.resolve("worker")).run(input, dir.resolve("out"), LIMIT))
                .isInstanceOf(ExecutorException.class)
                .hasMessageStartingWith("SymCC could not use its output directory")
                .hasMessageContaining("outputDirectoryExists=false")
                .hasMessageContaining("input=" + input);
    }

    @Test
    void anExitCode255OfTheTargetItselfIsAnOrdinaryExit() {
        Path exiting = script(dir, "exiting", "exit 255\n");
        SymccConfig config = new SymccConfig(exiting.toString(), List.of(), InputMode.STDIN, false, false, Map.of(),
                ResourceLimits.NONE);

        Execution execution = factory.create(config, dir.resolve("worker")).run(input, dir.resolve("out"), LIMIT);

        assertThat(execution.kind()).isEqualTo(ExitKind.OK);
        assertThat(execution.termination()).isEqualTo(new Termination.Exited(255));
    }

    @Test
    void theFactoryBuildsTheExecutorOfEachType() {
        CommandConfig command = new CommandConfig(List.of(target.toString(), "{input}"), InputMode.FILE, Map.of(),
                ResourceLimits.NONE);

        assertThat(factory.create(command, dir)).isInstanceOf(CommandExecutor.class);
        assertThat(factory.create(config(List.of(), InputMode.STDIN, false, false), dir))
                .isInstanceOf(SymccExecutor.class);
        assertThatThrownBy(() -> factory.create(new SymccConfig(dir.resolve("absent").toString(), List.of(),
                InputMode.STDIN, false, false, Map.of(), ResourceLimits.NONE), dir))
                .isInstanceOf(ExecutorException.class).hasMessageStartingWith("program is not an executable regular file");
    }
}
