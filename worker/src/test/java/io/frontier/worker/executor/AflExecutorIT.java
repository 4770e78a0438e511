package io.frontier.worker.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.worker.DemoTarget;
import io.frontier.worker.executor.process.ProcessRunner;
import io.frontier.worker.executor.process.ResourceLimits;
import io.frontier.worker.executor.process.Termination;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The afl executor running real afl-fuzz on the demo target. */
class AflExecutorIT {

    private static final Duration TIME_LIMIT = Duration.ofSeconds(60);
    /** The demo target's bug: a ramp palette of 16 entries in a group. */
    private static final byte[] CRASH = "FCK\u0002G\u000cP\u0004\u0080\u0010\u0000\u0000T\u0004abcd"
            .getBytes(StandardCharsets.ISO_8859_1);

    @TempDir
    Path dir;

    @Test
    void aShortRunFromOneSeedYieldsNewQueueEntriesButNotTheSeedsOwn() throws IOException {
        Path target = DemoTarget.build(dir);
        Path seed = DemoTarget.seed("group.fck");
        for (List<String> arguments : List.of(List.of("@@"), List.<String>of())) {
            Path run = Files.createTempDirectory(dir, "run");
            Execution execution = executor(target, arguments, 2).run(copy(seed, run), run.resolve("outputs"), TIME_LIMIT);

            assertThat(execution.kind()).as("arguments %s", arguments).isEqualTo(ExitKind.OK);
            assertThat(execution.termination()).isEqualTo(new Termination.Exited(0));
            assertThat(execution.wallTime()).isBetween(Duration.ofSeconds(2), Duration.ofSeconds(2).plus(AflExecutor.RUN_MARGIN));
            assertThat(execution.outputs()).as("arguments %s", arguments).isNotEmpty()
                    .allSatisfy(output -> assertThat(output.getFileName().toString()).matches("queue-\\d{6}"))
                    .noneSatisfy(output -> assertThat(output.getFileName().toString()).isEqualTo("queue-000000"));
        }
    }

    @Test
    void aCrashingSeedIsFuzzedAndTheCrashesAflSavesAreOutputsToo() throws IOException {
        Path target = DemoTarget.build(dir);
        Path run = Files.createDirectories(dir.resolve("run"));

        Execution execution = executor(target, List.of("@@"), 2).run(Files.write(run.resolve("input"), CRASH),
                run.resolve("outputs"), TIME_LIMIT);

        assertThat(execution.kind()).isEqualTo(ExitKind.OK);
        assertThat(execution.outputs()).anySatisfy(output -> assertThat(output.getFileName().toString())
                .matches("crash-\\d{6}"));
    }

    @Test
    void aProgramWithoutInstrumentationIsRefusedWithAflsOwnReason() throws IOException {
        DemoTarget.assumeAfl();
        Path plain = Files.copy(Path.of("/bin/cat"), dir.resolve("cat"));
        Path run = Files.createDirectories(dir.resolve("run"));
        Path input = Files.writeString(run.resolve("input"), "x");

        assertThatThrownBy(() -> executor(plain, List.of("@@"), 2).run(input, run.resolve("outputs"), TIME_LIMIT))
                .isInstanceOf(ExecutorException.class)
                .hasMessageStartingWith("afl-fuzz refused to fuzz")
                .hasMessageContaining("reason=No instrumentation detected")
                .hasMessageContaining("location=check_binary()");
    }

    @Test
    void theRunIsKilledAtItsBudgetPlusMarginWithinTheWorkersLimit() throws IOException {
        Path target = DemoTarget.build(dir);
        AflExecutor executor = executor(target, List.of("@@"), 30);

        assertThat(executor.runLimit(Duration.ofMinutes(5))).isEqualTo(Duration.ofSeconds(30).plus(AflExecutor.RUN_MARGIN));
        assertThat(executor.runLimit(Duration.ofSeconds(20))).isEqualTo(Duration.ofSeconds(20));
    }

    private static AflExecutor executor(Path target, List<String> arguments, long seconds) {
        return new AflExecutor(new AflConfig(target.toString(), arguments, seconds, 0, 1000, 0, null, Map.of(),
                ResourceLimits.NONE), AflTools.find(), ProcessRunner.onThisMachine(), ChildEnvironment.ofThisProcess());
    }

    private static Path copy(Path file, Path directory) throws IOException {
        return Files.copy(file, directory.resolve("input"));
    }
}
