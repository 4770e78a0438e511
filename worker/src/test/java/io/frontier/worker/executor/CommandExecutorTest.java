package io.frontier.worker.executor;

import static io.frontier.worker.executor.process.TestProcesses.script;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.worker.executor.process.ProcessRunner;
import io.frontier.store.wire.LeftOut;
import io.frontier.worker.executor.process.ResourceLimits;
import io.frontier.worker.executor.process.Signals;
import io.frontier.worker.executor.process.Termination;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommandExecutorTest {

    private static final Duration LIMIT = Duration.ofSeconds(20);
    private static final ProcessRunner RUNNER = ProcessRunner.onThisMachine();
    private static final ChildEnvironment ENVIRONMENT = ChildEnvironment.from(Map.of("PATH", "/usr/bin:/bin"));

    @TempDir
    Path dir;

    /** The directory of the latest {@link #run}: its program, input, and {@code out} for outputs. */
    private Path runDirectory;

    /** Runs a script with {@code body} on a fresh input, in a fresh directory. */
    private Execution run(String body, ResourceLimits limits) throws Exception {
        runDirectory = Files.createTempDirectory(dir, "run");
        Path program = script(runDirectory, "program", body);
        CommandConfig config = new CommandConfig(List.of(program.toString(), "{input}", "{output_dir}"),
                InputMode.FILE, Map.of(), limits);
        Path input = Files.writeString(runDirectory.resolve("input"), "seed\n");
        return new CommandExecutor(config, RUNNER, ENVIRONMENT).run(input, runDirectory.resolve("out"), LIMIT);
    }

    @Test
    void placeholdersBecomeTheAbsolutePathsOfInputAndOutputDirectory() throws Exception {
        Path program = script(dir, "copy", "cp \"$1\" \"${2#--out=}/copied\"\n");
        CommandConfig config = new CommandConfig(List.of(program.toString(), "{input}", "--out={output_dir}"),
                InputMode.FILE, Map.of(), ResourceLimits.NONE);
        Path input = Files.writeString(dir.resolve("input"), "bytes of the seed");

        Execution execution = new CommandExecutor(config, RUNNER, ENVIRONMENT)
                .run(input, dir.resolve("run/out"), LIMIT);

        assertThat(execution.kind()).isEqualTo(ExitKind.OK);
        assertThat(execution.outputs()).containsExactly(dir.resolve("run/out/copied"));
        assertThat(Files.readString(execution.outputs().get(0))).isEqualTo("bytes of the seed");
    }

    @Test
    void thePruningMapPlaceholderBecomesTheWorkersMapFileAndNeedsOne() throws Exception {
        Path program = script(dir, "map", "printf '%s' \"${1#SYMCC_AFL_COVERAGE_MAP=}\" > \"$2/named\"\n");
        CommandConfig config = new CommandConfig(List.of(program.toString(), "SYMCC_AFL_COVERAGE_MAP={pruning_map}",
                "{output_dir}"), InputMode.STDIN, Map.of(), ResourceLimits.NONE);
        Path input = Files.writeString(dir.resolve("input"), "x");
        Path map = dir.resolve("worker/pruning.map");

        CommandExecutor executor = new CommandExecutor(config, Optional.of(map), RUNNER, ENVIRONMENT);
        executor.run(input, dir.resolve("out"), LIMIT);

        assertThat(Files.readString(dir.resolve("out/named"))).isEqualTo(map.toString());
        assertThat(executor.pruningMap()).contains(map);
        assertThat(config.keepsPruningMap()).isTrue();
        assertThatThrownBy(() -> new CommandExecutor(config, RUNNER, ENVIRONMENT))
                .isInstanceOf(ExecutorException.class).hasMessageContaining("names {pruning_map} but no map path");
    }

    @Test
    void aCommandThatDoesNotNameThePruningMapKeepsNone() {
        Path program = script(dir, "program", "exit 0\n");
        CommandConfig config = new CommandConfig(List.of(program.toString(), "{input}", "{output_dir}"),
                InputMode.FILE, Map.of(), ResourceLimits.NONE);

        assertThat(config.keepsPruningMap()).isFalse();
        assertThat(new CommandExecutor(config, Optional.of(dir.resolve("pruning.map")), RUNNER, ENVIRONMENT)
                .pruningMap()).isEmpty();
    }

    @Test
    void stdinModeFeedsTheInputFileOnStandardInput() throws Exception {
        Path program = script(dir, "from-stdin", "cat > \"$1/child\"\n");
        CommandConfig config = new CommandConfig(List.of(program.toString(), "{output_dir}"),
                InputMode.STDIN, Map.of(), ResourceLimits.NONE);
        Path input = Files.writeString(dir.resolve("input"), "on standard input");

        Execution execution = new CommandExecutor(config, RUNNER, ENVIRONMENT).run(input, dir.resolve("out"), LIMIT);

        assertThat(Files.readString(dir.resolve("out/child"))).isEqualTo("on standard input");
    }

    @Test
    void theOutputsAreTheRegularFilesWrittenAtAnyDepthSortedByPathAndLinksAreCountedNotFollowed() throws Exception {
        Execution execution = run("""
                cd "$2"
                printf a > 000001-optimistic; printf b > 000000; printf c > .hidden
                mkdir -p sub queue/.state; printf d > sub/nested; printf e > 'queue/id:000001,src:000000'
                ln -s ../input link; ln -s /etc queue/.state/elsewhere; mkfifo pipe
                """, ResourceLimits.NONE);

        Path out = runDirectory.resolve("out");
        assertThat(execution.outputs()).containsExactly(out.resolve(".hidden"), out.resolve("000000"),
                out.resolve("000001-optimistic"), out.resolve("queue/id:000001,src:000000"), out.resolve("sub/nested"));
        assertThat(execution.leftOut()).isEqualTo(new LeftOut(2, 1, 0));
        assertThat(execution.leftOutExamples()).contains("symbolic link link -> ../input",
                "symbolic link queue/.state/elsewhere -> /etc", "special file pipe (FIFO, socket or device)");
    }

    @Test
    void theTargetWorksInTheParentOfTheOutputDirectory() throws Exception {
        Execution execution = run("printf stray > stray-file\n", ResourceLimits.NONE);

        assertThat(execution.outputs()).isEmpty();
        assertThat(runDirectory.resolve("stray-file")).hasContent("stray");
    }

    @Test
    void aNormalExitIsOkWithItsCode() throws Exception {
        Execution zero = run("exit 0\n", ResourceLimits.NONE);
        Execution seven = run("exit 7\n", ResourceLimits.NONE);

        assertThat(zero.kind()).isEqualTo(ExitKind.OK);
        assertThat(zero.termination()).isEqualTo(new Termination.Exited(0));
        assertThat(seven.kind()).isEqualTo(ExitKind.OK);
        assertThat(seven.termination()).isEqualTo(new Termination.Exited(7));
    }

    @Test
    void faultSignalsAreCrashesWithTheirNumber() throws Exception {
        Execution segv = run("kill -s SEGV $$\n", ResourceLimits.NONE);
        Execution abrt = run("kill -s ABRT $$\n", ResourceLimits.NONE);

        assertThat(segv.kind()).isEqualTo(ExitKind.CRASH);
        assertThat(segv.termination()).isEqualTo(new Termination.Signaled(Signals.SIGSEGV));
        assertThat(abrt.kind()).isEqualTo(ExitKind.CRASH);
        assertThat(abrt.termination()).isEqualTo(new Termination.Signaled(Signals.SIGABRT));
    }

    @Test
    void otherSignalsAreKilledAndASigkillFromOutsideIsOom() throws Exception {
        Execution term = run("kill -s TERM $$\n", ResourceLimits.NONE);
        Execution kill = run("kill -s KILL $$\n", ResourceLimits.NONE);

        assertThat(term.kind()).isEqualTo(ExitKind.KILLED);
        assertThat(kill.kind()).isEqualTo(ExitKind.OOM);
        assertThat(kill.timedOut()).isFalse();
    }

    @Test
    void theWallTimeLimitIsATimeout() throws Exception {
        Path program = script(dir, "sleeper", "sleep 30\n");
        CommandConfig config = new CommandConfig(List.of(program.toString(), "{input}"), InputMode.FILE, Map.of(),
                ResourceLimits.NONE);
        Path input = Files.writeString(dir.resolve("input"), "x");

        Execution execution = new CommandExecutor(config, RUNNER, ENVIRONMENT)
                .run(input, dir.resolve("out"), Duration.ofMillis(300));

        assertThat(execution.kind()).isEqualTo(ExitKind.TIMEOUT);
        assertThat(execution.timedOut()).isTrue();
        // Cut off at the limit: well before the sleeper's 30 s, however long the kill took.
        assertThat(execution.wallTime()).isBetween(Duration.ofMillis(300), Duration.ofSeconds(20));
    }

    @Test
    void theCpuLimitIsATimeoutThroughSigxcpu() throws Exception {
        Execution execution = run("while :; do :; done\n", new ResourceLimits(0, 1, 0));

        assertThat(execution.kind()).isEqualTo(ExitKind.TIMEOUT);
        assertThat(execution.timedOut()).isFalse();
        assertThat(execution.termination()).isEqualTo(new Termination.Signaled(Signals.SIGXCPU));
    }

    @Test
    void theAddressSpaceLimitMakesAnAllocatingChildFailAsOom() throws Exception {
        // mawk doubles a string until allocation fails, then reports "out of memory" and exits 2.
        String doubling = "awk 'BEGIN { s = \"x\"; for (i = 0; i < %d; i++) s = s s; print length(s) }'\n";
        ResourceLimits limits = new ResourceLimits(64, 0, 0);

        Execution small = run(doubling.formatted(20), limits);
        Execution large = run(doubling.formatted(40), limits);

        assertThat(small.kind()).isEqualTo(ExitKind.OK);
        assertThat(small.stdout().text()).isEqualTo("1048576\n");
        assertThat(large.kind()).isEqualTo(ExitKind.OOM);
        assertThat(large.termination()).isEqualTo(new Termination.Exited(2));
        assertThat(large.stderr().text()).contains("out of memory");
    }

    @Test
    void theFileSizeLimitIsOomThroughSigxfsz() throws Exception {
        Execution execution = run("head -c 3000000 /dev/zero > big\n", new ResourceLimits(0, 0, 1));

        assertThat(execution.kind()).isEqualTo(ExitKind.OOM);
        assertThat(execution.termination()).isEqualTo(new Termination.Signaled(Signals.SIGXFSZ));
        assertThat(runDirectory.resolve("big")).hasSize(1 << 20);
    }

    @Test
    void anOutputDirectoryThatIsNotEmptyIsRefused() throws Exception {
        Path program = script(dir, "program", "exit 0\n");
        CommandConfig config = new CommandConfig(List.of(program.toString(), "{input}"), InputMode.FILE, Map.of(),
                ResourceLimits.NONE);
        Path input = Files.writeString(dir.resolve("input"), "x");
        Files.createDirectories(dir.resolve("out"));
        Files.writeString(dir.resolve("out/leftover"), "x");

        assertThatThrownBy(() -> new CommandExecutor(config, RUNNER, ENVIRONMENT).run(input, dir.resolve("out"), LIMIT))
                .isInstanceOf(ExecutorException.class).hasMessageStartingWith("output directory is not empty");
    }

    @Test
    void aMissingInputOrProgramIsRefusedBeforeAnythingRuns() {
        Path program = script(dir, "program", "exit 0\n");
        CommandConfig config = new CommandConfig(List.of(program.toString(), "{input}"), InputMode.FILE, Map.of(),
                ResourceLimits.NONE);
        CommandConfig missing = new CommandConfig(List.of(dir.resolve("absent").toString(), "{input}"),
                InputMode.FILE, Map.of(), ResourceLimits.NONE);

        assertThatThrownBy(() -> new CommandExecutor(config, RUNNER, ENVIRONMENT)
                .run(dir.resolve("no-input"), dir.resolve("out"), LIMIT))
                .isInstanceOf(ExecutorException.class).hasMessageStartingWith("input is not a readable regular file");
        assertThat(dir.resolve("out")).doesNotExist();
        assertThatThrownBy(() -> new CommandExecutor(missing, RUNNER, ENVIRONMENT))
                .isInstanceOf(ExecutorException.class).hasMessageStartingWith("program is not an executable regular file");
    }

    @Test
    void configuredVariablesReachTheProgramAndTheWorkersOthersDoNot() throws Exception {
        Path program = script(dir, "env", "env > \"$1/environment\"\n");
        CommandConfig config = new CommandConfig(List.of(program.toString(), "{output_dir}"), InputMode.STDIN,
                Map.of("ASAN_OPTIONS", "abort_on_error=1"), ResourceLimits.NONE);
        ChildEnvironment worker = ChildEnvironment.from(Map.of(
                "PATH", "/usr/bin:/bin", "OMPI_COMM_WORLD_RANK", "3", "SYMCC_NO_SYMBOLIC_INPUT", "1"));
        Path input = Files.writeString(dir.resolve("input"), "x");

        new CommandExecutor(config, RUNNER, worker).run(input, dir.resolve("out"), LIMIT);

        assertThat(Files.readAllLines(dir.resolve("out/environment")))
                .containsExactlyInAnyOrder("PATH=/usr/bin:/bin", "ASAN_OPTIONS=abort_on_error=1", "PWD=" + dir);
    }

}
