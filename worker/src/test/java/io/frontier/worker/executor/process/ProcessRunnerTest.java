package io.frontier.worker.executor.process;

import static io.frontier.worker.executor.process.TestProcesses.PATH_ONLY;
import static io.frontier.worker.executor.process.TestProcesses.pidFrom;
import static io.frontier.worker.executor.process.TestProcesses.script;
import static io.frontier.worker.executor.process.TestProcesses.spec;
import static io.frontier.worker.executor.process.TestProcesses.stopsRunningWithin;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessRunnerTest {

    private static final Duration LONG = Duration.ofSeconds(20);
    private static final Duration SHORT_GRACE = Duration.ofMillis(300);
    /** How long a SIGKILLed process may take to stop running: a bound on waiting, not a measurement. */
    private static final Duration KILLED_WITHIN = Duration.ofSeconds(10);

    /** Launches through prlimit whatever limits the test JVM runs under, as the launch failure test expects. */
    private final ProcessRunner runner = runnerWithCoreDumps(false);

    @TempDir
    Path dir;

    @Test
    void timeLimitKillsTheWholeGroupWithBackgroundAndTermIgnoringDescendants() throws Exception {
        Path program = script(dir, "spawner", """
                trap '' TERM
                sleep 60 & echo $! > background.pid
                (trap '' TERM; sleep 60 & echo $! > nested.pid; wait) &
                (sleep 60 & echo $! > orphan.pid) &
                sh -c 'trap "" TERM; echo $$ > ignoring.pid; while :; do sleep 1; done' &
                echo $$ > leader.pid
                wait
                """);

        // Long enough for the script to have written its pid files by then, however loaded the machine.
        Duration limit = Duration.ofSeconds(3);

        ProcessResult result = runner.run(spec(program, dir), limit);

        assertThat(result.timedOut()).isTrue();
        assertThat(result.termination()).isEqualTo(new Termination.Signaled(Signals.SIGKILL));
        // Ended at the limit, not when the 60-s sleepers would have.
        assertThat(result.wallTime()).isBetween(limit, Duration.ofSeconds(30));
        // The orphan's parent exits at once: it is no descendant any more, only a group member.
        for (String name : List.of("leader", "background", "nested", "ignoring", "orphan")) {
            long pid = pidFrom(dir.resolve(name + ".pid"), Duration.ZERO);
            assertThat(stopsRunningWithin(pid, KILLED_WITHIN)).as("%s (pid %d) was killed", name, pid).isTrue();
        }
        assertThat(pidFrom(dir.resolve("leader.pid"), Duration.ZERO)).isEqualTo(result.pid());
    }

    @Test
    void normalExitKillsWhatIsLeftOfTheGroupAndDoesNotWaitForIt() throws Exception {
        Path program = script(dir, "leaves-a-sleeper", """
                sleep 60 & echo $! > background.pid
                echo done
                """);

        ProcessResult result = runner.run(spec(program, dir), LONG);

        // Not timed out: a runner waiting for the 60-s sleeper would have run into the 20-s limit.
        assertThat(result.timedOut()).isFalse();
        assertThat(result.termination()).isEqualTo(new Termination.Exited(0));
        assertThat(result.stdout().text()).isEqualTo("done\n");
        assertThat(result.stdout().closed()).isTrue();
        long background = pidFrom(dir.resolve("background.pid"), Duration.ZERO);
        assertThat(stopsRunningWithin(background, KILLED_WITHIN)).isTrue();
    }

    @Test
    void anInterruptedCallerKillsTheGroupBeforeItGivesUp() throws Exception {
        Path program = script(dir, "waits", "sleep 60 & echo $! > background.pid\nwait\n");
        Thread caller = Thread.currentThread();
        Thread interrupter = new Thread(() -> {
            try {
                pidFrom(dir.resolve("background.pid"), Duration.ofSeconds(10));
                caller.interrupt();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        interrupter.start();
        try {
            assertThatThrownBy(() -> runner.run(spec(program, dir), LONG))
                    .isInstanceOf(ProcessException.class)
                    .hasMessageStartingWith("interrupted while waiting for the process");
            assertThat(Thread.interrupted()).as("interrupt status kept").isTrue();
        } finally {
            interrupter.join();
        }
        long background = pidFrom(dir.resolve("background.pid"), Duration.ZERO);
        assertThat(stopsRunningWithin(background, KILLED_WITHIN)).isTrue();
    }

    @Test
    void theChildLeadsItsOwnSessionAndGroupUnderItsOwnPid() {
        Path program = script(dir, "ids", "cut -d' ' -f1,5,6 /proc/$$/stat\n");

        ProcessResult result = runner.run(spec(program, dir), LONG);

        long pid = result.pid();
        assertThat(result.stdout().text().strip()).isEqualTo(pid + " " + pid + " " + pid);
    }

    @Test
    void aDescendantThatLeftTheGroupCannotHoldTheRunOpen() throws Exception {
        ProcessRunner impatient = new ProcessRunner(SystemTools.find(), 1024, SHORT_GRACE);
        // The reader must be blocked on the pipe when the script exits: the JDK itself stops reading
        // a dead child's pipe when nobody is blocked on it at that instant. Writing more than a pipe
        // holds returns only once the reader has been reading; the pause lets it block again.
        Path program = script(dir, "escapes",
                "setsid sleep 30 & echo $! > escaped.pid\nhead -c 262144 /dev/zero\nsleep 0.5\n");
        long escaped = -1;
        try {
            ProcessResult result = impatient.run(spec(program, dir), LONG);
            escaped = pidFrom(dir.resolve("escaped.pid"), Duration.ZERO);

            assertThat(result.termination()).isEqualTo(new Termination.Exited(0));
            assertThat(result.stdout().closed()).as("stdout still held by the escaped sleep").isFalse();
            assertThat(TestProcesses.isRunning(escaped)).as("the run ended while the escaped sleep still ran").isTrue();
        } finally {
            if (escaped > 0) {
                ProcessHandle.of(escaped).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }

    @Test
    void standardInputIsTheGivenFile() throws Exception {
        Path input = Files.write(dir.resolve("input"), new byte[] {'a', 0, 'b', '\n'});
        ProcessSpec spec = new ProcessSpec(Path.of("/bin/cat"), List.of(), PATH_ONLY, dir, Optional.of(input),
                ResourceLimits.NONE);

        ProcessResult result = runner.run(spec, LONG);

        assertThat(result.stdout().text()).isEqualTo("a\0b\n");
        assertThat(result.stdout().totalBytes()).isEqualTo(4);
    }

    @Test
    void withoutAnInputFileStandardInputIsEmpty() {
        ProcessResult result = runner.run(spec(Path.of("/bin/cat"), dir), Duration.ofSeconds(5));

        assertThat(result.timedOut()).isFalse();
        assertThat(result.stdout().totalBytes()).isZero();
    }

    @Test
    void outputTailsStayBoundedForAChattyChild() {
        ProcessRunner small = new ProcessRunner(SystemTools.find(), 1000, ProcessRunner.DEFAULT_GRACE);
        Path program = script(dir, "chatty", "seq 1 200000\nseq 1 200000 >&2\n");
        long expectedBytes = 0;
        for (int i = 1; i <= 200000; i++) {
            expectedBytes += Integer.toString(i).length() + 1;
        }

        ProcessResult result = small.run(spec(program, dir), LONG);

        for (OutputTail tail : List.of(result.stdout(), result.stderr())) {
            assertThat(tail.totalBytes()).isEqualTo(expectedBytes);
            assertThat(tail.truncated()).isTrue();
            assertThat(tail.text()).hasSize(1000).endsWith("199999\n200000\n");
        }
    }

    @Test
    void limitsAreInPlaceBeforeTheProgramStarts() {
        Path program = script(dir, "limits", "ulimit -v; ulimit -t; ulimit -f; ulimit -c\n");
        ProcessSpec spec = new ProcessSpec(program, List.of(), PATH_ONLY, dir, Optional.empty(),
                new ResourceLimits(64, 7, 3));

        ProcessResult result = runner.run(spec, LONG);

        // dash reports the address space in KiB and file sizes in 512-byte blocks.
        assertThat(result.stdout().text()).isEqualTo("65536\n7\n6144\n0\n");
    }

    @Test
    void theEnvironmentIsExactlyTheOneGiven() {
        ProcessSpec spec = new ProcessSpec(Path.of("/usr/bin/env"), List.of(), Map.of("ONLY", "this"), dir,
                Optional.empty(), ResourceLimits.NONE);

        ProcessResult result = runner.run(spec, LONG);

        assertThat(result.stdout().text()).isEqualTo("ONLY=this\n");
    }

    @Test
    void aSignalIsReadTheSameFromTheProgramAndFromAWrappingShell() {
        Path direct = script(dir, "segv", "kill -s SEGV $$\n");
        Path wrapper = script(dir, "wrapper", "sh -c 'kill -s ABRT $$'\nexit $?\n");

        assertThat(runner.run(spec(direct, dir), LONG).termination()).isEqualTo(new Termination.Signaled(Signals.SIGSEGV));
        assertThat(runner.run(spec(wrapper, dir), LONG).termination()).isEqualTo(new Termination.Signaled(Signals.SIGABRT));
    }

    @Test
    void exitCodesAreReported() {
        assertThat(runner.run(spec(script(dir, "three", "exit 3\n"), dir), LONG).termination())
                .isEqualTo(new Termination.Exited(3));
        assertThat(runner.run(spec(script(dir, "minus-one", "exit 255\n"), dir), LONG).termination())
                .isEqualTo(new Termination.Exited(255));
    }

    @Test
    void aProgramThatCannotBeExecutedIsALaunchFailureNotAnExitCode() throws Exception {
        Path badInterpreter = Files.writeString(dir.resolve("bad-interpreter"), "#!/nonexistent/interpreter\n");
        badInterpreter.toFile().setExecutable(true);
        Path notExecutable = Files.writeString(dir.resolve("plain-file"), "data\n");

        assertThatThrownBy(() -> runner.run(spec(badInterpreter, dir), LONG))
                .isInstanceOf(ProcessException.class).hasMessageStartingWith("process could not be launched")
                .hasMessageContaining("prlimit: failed to execute");
        assertThatThrownBy(() -> runner.run(spec(notExecutable, dir), LONG))
                .isInstanceOf(ProcessException.class)
                .hasMessageStartingWith("program is not an executable regular file");
    }

    @Test
    void theLaunchGoesThroughSetsidAndPrlimitWithCoreDumpsOff() {
        ProcessSpec spec = new ProcessSpec(Path.of("/bin/true"), List.of("x"), PATH_ONLY, dir, Optional.empty(),
                new ResourceLimits(1, 2, 3));

        for (boolean inheritedOff : List.of(false, true)) {
            List<String> command = runnerWithCoreDumps(inheritedOff).launchCommand(spec);

            assertThat(command.get(0)).endsWith("/setsid");
            assertThat(command.get(1)).endsWith("/prlimit");
            assertThat(command.subList(2, command.size()))
                    .containsExactly("--core=0", "--as=1048576", "--cpu=2:3", "--fsize=3145728", "--", "/bin/true", "x");
        }
    }

    @Test
    void prlimitIsLeftOutOnlyWhenCoreDumpsAreInheritedOffAndNoOtherLimitIsSet() {
        ProcessSpec spec = new ProcessSpec(Path.of("/bin/true"), List.of("-x"), PATH_ONLY, dir, Optional.empty(),
                ResourceLimits.NONE);

        List<String> inheritedOff = runnerWithCoreDumps(true).launchCommand(spec);
        List<String> inheritedOn = runnerWithCoreDumps(false).launchCommand(spec);

        assertThat(inheritedOff.get(0)).endsWith("/setsid");
        assertThat(inheritedOff.subList(1, inheritedOff.size())).containsExactly("--", "/bin/true", "-x");
        assertThat(inheritedOn.get(1)).endsWith("/prlimit");
        assertThat(inheritedOn.subList(2, inheritedOn.size())).containsExactly("--core=0", "--", "/bin/true", "-x");
    }

    @Test
    void withoutPrlimitTheProgramStillLeadsItsOwnGroupAndItsArgumentsReachIt() throws Exception {
        Path program = script(dir, "reports", """
                ps -o pgid= -p $$ | tr -d ' ' > pgid
                printf '%s\n' "$@" > arguments
                exit 4
                """);
        ProcessSpec spec = new ProcessSpec(program, List.of("-c", "--", "two words"), PATH_ONLY, dir,
                Optional.empty(), ResourceLimits.NONE);

        ProcessResult result = runnerWithCoreDumps(true).run(spec, LONG);

        assertThat(result.termination()).isEqualTo(new Termination.Exited(4));
        assertThat(Files.readString(dir.resolve("pgid")).strip()).isEqualTo(Long.toString(result.pid()));
        assertThat(Files.readAllLines(dir.resolve("arguments"))).containsExactly("-c", "--", "two words");
    }

    private static ProcessRunner runnerWithCoreDumps(boolean inheritedOff) {
        return new ProcessRunner(SystemTools.find(), ProcessRunner.DEFAULT_TAIL_BYTES, ProcessRunner.DEFAULT_GRACE,
                inheritedOff);
    }
}
