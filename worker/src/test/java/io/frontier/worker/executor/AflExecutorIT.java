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

    /**
     * A budget of executions, not of seconds, so that what AFL++ may find does not depend on the
     * machine's load. The seed's trace never enters AFL++'s coverage map (start-up calibration is
     * skipped), so the first mutant that runs is always saved; on the build machine 20 executions
     * already gave 4 new queue entries each time, 300 gave 14 or more. A run may also reach the
     * planted crash, which is an output too.
     */
    private static final long EXECUTIONS = 1000;
    /** An output's name: what AFL++ saved, by the directory it saved it in. */
    private static final String OUTPUT_NAME = "(queue|crash|hang)-\\d{6}";

    @Test
    void aRunFromOneSeedYieldsNewQueueEntriesButNotTheSeedsOwn() throws IOException {
        Path target = DemoTarget.build(dir);
        Path seed = DemoTarget.seed("group.fck");
        for (List<String> arguments : List.of(List.of("@@"), List.<String>of())) {
            Path run = Files.createTempDirectory(dir, "run");
            Execution execution = executor(target, arguments, 0, EXECUTIONS).run(copy(seed, run), run.resolve("outputs"),
                    TIME_LIMIT);

            assertThat(execution.kind()).as("arguments %s", arguments).isEqualTo(ExitKind.OK);
            assertThat(execution.termination()).isEqualTo(new Termination.Exited(0));
            assertThat(execution.outputs()).as("arguments %s", arguments)
                    .allSatisfy(output -> assertThat(output.getFileName().toString()).matches(OUTPUT_NAME))
                    .anySatisfy(output -> assertThat(output.getFileName().toString()).matches("queue-\\d{6}"))
                    .noneSatisfy(output -> assertThat(output.getFileName().toString()).isEqualTo("queue-000000"));
        }
    }

    @Test
    void aRunWithASecondsBudgetEndsByItselfOnceTheBudgetIsSpent() throws IOException {
        Path target = DemoTarget.build(dir);
        Path run = Files.createDirectories(dir.resolve("run"));

        Execution execution = executor(target, List.of("@@"), 2, 0).run(copy(DemoTarget.seed("group.fck"), run),
                run.resolve("outputs"), TIME_LIMIT);

        // Exited, not killed at the budget plus the margin: afl-fuzz -V ended the run itself.
        assertThat(execution.kind()).isEqualTo(ExitKind.OK);
        assertThat(execution.termination()).isEqualTo(new Termination.Exited(0));
        assertThat(execution.wallTime()).isGreaterThanOrEqualTo(Duration.ofSeconds(2));
        // What two seconds find depends on the machine; that it is named so, and never the seed, does not.
        assertThat(execution.outputs())
                .allSatisfy(output -> assertThat(output.getFileName().toString()).matches(OUTPUT_NAME))
                .noneSatisfy(output -> assertThat(output.getFileName().toString()).isEqualTo("queue-000000"));
    }

    @Test
    void aCrashingSeedIsFuzzedAndTheCrashesAflSavesAreOutputsToo() throws IOException {
        Path target = DemoTarget.build(dir);
        Path run = Files.createDirectories(dir.resolve("run"));

        Execution execution = executor(target, List.of("@@"), 0, EXECUTIONS).run(Files.write(run.resolve("input"), CRASH),
                run.resolve("outputs"), TIME_LIMIT);

        // Every mutant that leaves the planted palette alone crashes, and the first crash is always new.
        assertThat(execution.kind()).isEqualTo(ExitKind.OK);
        assertThat(execution.endIsTheInputs()).as("afl-fuzz's end says nothing about its seed").isFalse();
        assertThat(execution.outputs()).anySatisfy(output -> assertThat(output.getFileName().toString())
                .matches("crash-\\d{6}"));
        assertThat(execution.outputs()).filteredOn(output -> output.getFileName().toString().startsWith("crash-"))
                .allSatisfy(crash -> assertThat(execution.outputEnds().get(crash))
                        .as("AddressSanitizer aborts: SIGABRT in AFL++'s name").isEqualTo(new OutputEnd(ExitKind.CRASH, 6)));
    }

    @Test
    void theSignalOfACrashIsReadFromTheNameAflGaveIt() {
        assertThat(AflExecutor.crashSignal("id:000000,sig:11,src:000000,time:12,execs:40,op:havoc,rep:2")).isEqualTo(11);
        assertThat(AflExecutor.crashSignal("id:000003,sig:06,src:000001,time:90")).isEqualTo(6);
        assertThat(AflExecutor.crashSignal("id:000004,src:000001")).as("no signal named").isEqualTo(11);
    }

    @Test
    void aProgramWithoutInstrumentationIsRefusedWithAflsOwnReason() throws IOException {
        DemoTarget.assumeAfl();
        Path plain = Files.copy(Path.of("/bin/cat"), dir.resolve("cat"));
        Path run = Files.createDirectories(dir.resolve("run"));
        Path input = Files.writeString(run.resolve("input"), "x");

        assertThatThrownBy(() -> executor(plain, List.of("@@"), 2, 0).run(input, run.resolve("outputs"), TIME_LIMIT))
                .isInstanceOf(ExecutorException.class)
                .hasMessageStartingWith("afl-fuzz refused to fuzz")
                .hasMessageContaining("reason=No instrumentation detected")
                .hasMessageContaining("location=check_binary()");
    }

    @Test
    void theRunIsKilledAtItsBudgetPlusMarginWithinTheWorkersLimit() throws IOException {
        Path target = DemoTarget.build(dir);
        AflExecutor executor = executor(target, List.of("@@"), 30, 0);

        assertThat(executor.runLimit(Duration.ofMinutes(5))).isEqualTo(Duration.ofSeconds(30).plus(AflExecutor.RUN_MARGIN));
        assertThat(executor.runLimit(Duration.ofSeconds(20))).isEqualTo(Duration.ofSeconds(20));
    }

    private static AflExecutor executor(Path target, List<String> arguments, long seconds, long executions) {
        return new AflExecutor(new AflConfig(target.toString(), arguments, seconds, executions, 1000, 0, null, Map.of(),
                ResourceLimits.NONE), AflTools.find(), ProcessRunner.onThisMachine(), ChildEnvironment.ofThisProcess());
    }

    private static Path copy(Path file, Path directory) throws IOException {
        return Files.copy(file, directory.resolve("input"));
    }
}
