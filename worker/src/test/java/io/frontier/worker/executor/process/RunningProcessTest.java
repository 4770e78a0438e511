package io.frontier.worker.executor.process;

import static io.frontier.worker.executor.process.TestProcesses.pidFrom;
import static io.frontier.worker.executor.process.TestProcesses.script;
import static io.frontier.worker.executor.process.TestProcesses.spec;
import static io.frontier.worker.executor.process.TestProcesses.stopsRunningWithin;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Processes started and kept: pause, resume, terminate and kill of a real shell script's group. */
class RunningProcessTest {

    /** A bound on waiting for something the kernel does asynchronously, not a measurement. */
    private static final Duration WITHIN = Duration.ofSeconds(10);
    /** How long stopped processes are watched for CPU time they should not get. */
    private static final Duration WATCHED = Duration.ofMillis(500);

    private final ProcessRunner runner = new ProcessRunner(SystemTools.find(), ProcessRunner.DEFAULT_TAIL_BYTES,
            ProcessRunner.DEFAULT_GRACE);

    @TempDir
    Path dir;

    @Test
    void startReturnsOnceTheChildLeadsItsOwnGroup() {
        Path program = script(dir, "waits", "sleep 60\n");

        try (RunningProcess process = runner.start(spec(program, dir))) {
            // No waiting here: start itself waited for setsid.
            assertThat(ProcStat.read(process.pid()).orElseThrow().processGroup()).isEqualTo(process.pid());
            assertThat(process.alive()).isTrue();
            assertThat(process.termination()).isEmpty();
        }
    }

    @Test
    void pauseStopsEveryMemberOfTheGroupUntilResume() throws Exception {
        Path program = script(dir, "spins", """
                (while :; do :; done) & echo $! > spinner.pid
                while :; do :; done
                """);

        try (RunningProcess process = runner.start(spec(program, dir))) {
            long spinner = pidFrom(dir.resolve("spinner.pid"), WITHIN);
            List<Long> members = List.of(process.pid(), spinner);

            process.pause();

            for (long member : members) {
                assertThat(stateWithin(member, 'T')).as("member %d stopped", member).isTrue();
            }
            long before = ticks(members);
            Thread.sleep(WATCHED.toMillis());
            assertThat(ticks(members)).as("CPU time while stopped").isEqualTo(before);

            process.resume();

            for (long member : members) {
                assertThat(stateWithin(member, 'R')).as("member %d runs again", member).isTrue();
            }
            assertThat(ticksGrowWithin(members, before)).as("CPU time after resume").isTrue();
        }
    }

    @Test
    void killEndsAPausedGroupAndADescendantThatLeftIt() throws Exception {
        Path program = script(dir, "spawns", """
                sleep 60 & echo $! > member.pid
                setsid sleep 60 & echo $! > escaped.pid
                wait
                """);
        RunningProcess process = runner.start(spec(program, dir));
        long member = pidFrom(dir.resolve("member.pid"), WITHIN);
        long escaped = pidFrom(dir.resolve("escaped.pid"), WITHIN);
        process.pause();

        process.kill();

        assertThat(process.alive()).isFalse();
        assertThat(process.termination()).contains(new Termination.Signaled(Signals.SIGKILL));
        for (long pid : List.of(process.pid(), member, escaped)) {
            assertThat(stopsRunningWithin(pid, WITHIN)).as("process %d killed", pid).isTrue();
        }
        process.kill();
        process.close();
    }

    @Test
    void whenTheChildEndsByItselfTheRestOfItsGroupIsKilled() throws Exception {
        Path program = script(dir, "leaves", "sleep 60 & echo $! > member.pid\necho done\nexit 3\n");

        try (RunningProcess process = runner.start(spec(program, dir))) {
            assertThat(process.awaitEnd(WITHIN)).isTrue();

            ProcessResult result = process.result();
            assertThat(result.termination()).isEqualTo(new Termination.Exited(3));
            assertThat(result.stdout().text()).isEqualTo("done\n");
            assertThat(result.pid()).isEqualTo(process.pid());
            assertThat(stopsRunningWithin(pidFrom(dir.resolve("member.pid"), Duration.ZERO), WITHIN)).isTrue();
        }
    }

    @Test
    void terminateReachesAPausedChildOnceItIsContinued() throws Exception {
        Path program = script(dir, "polite", """
                trap 'echo leaving; exit 7' TERM
                echo ready > ready
                while :; do sleep 0.05; done
                """);

        try (RunningProcess process = runner.start(spec(program, dir))) {
            assertThat(fileWithin(dir.resolve("ready"))).isTrue();
            process.pause();

            process.terminate();

            assertThat(process.awaitEnd(WITHIN)).isTrue();
            assertThat(process.termination()).contains(new Termination.Exited(7));
            assertThat(process.result().stdout().text()).isEqualTo("leaving\n");
        }
    }

    @Test
    void theResultOfAChildStillRunningIsNotThereYet() {
        try (RunningProcess process = runner.start(spec(script(dir, "waits", "sleep 60\n"), dir))) {
            assertThatThrownBy(process::result).isInstanceOf(IllegalStateException.class);
            assertThat(process.awaitEnd(Duration.ofMillis(50))).isFalse();
        }
    }

    @Test
    void aProgramThatCannotBeExecutedIsALaunchFailure() throws Exception {
        Path badInterpreter = Files.writeString(dir.resolve("bad-interpreter"), "#!/nonexistent/interpreter\n");
        badInterpreter.toFile().setExecutable(true);
        Path notExecutable = Files.writeString(dir.resolve("plain-file"), "data\n");

        try (RunningProcess process = runner.start(spec(badInterpreter, dir))) {
            assertThat(process.awaitEnd(WITHIN)).isTrue();
            assertThatThrownBy(process::result).isInstanceOf(ProcessException.class)
                    .hasMessageStartingWith("process could not be launched");
        }
        assertThatThrownBy(() -> runner.start(spec(notExecutable, dir))).isInstanceOf(ProcessException.class)
                .hasMessageStartingWith("program is not an executable regular file");
    }

    @Test
    void aGroupDoesNotOutliveItsOwnersJvmWhetherItEndsIsTerminatedOrIsKilled() throws Exception {
        for (String ending : List.of("exit", "sigterm", "sigkill")) {
            Path directory = Files.createDirectories(dir.resolve(ending));
            Path program = script(directory, "waits", "sleep 600 & echo $! > member.pid\nwait\n");
            Process owner = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                    OwnerExitProbe.class.getName(), program.toString(), "paused", ending)
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            try {
                long leader = Long.parseLong(new BufferedReader(new InputStreamReader(owner.getInputStream(),
                        StandardCharsets.US_ASCII)).readLine());
                long member = pidFrom(directory.resolve("member.pid"), WITHIN);
                if (ending.equals("sigterm")) {
                    owner.destroy();
                } else if (ending.equals("sigkill")) {
                    // No shutdown hook runs: the watchdog outside the JVM ends the group.
                    owner.destroyForcibly();
                }
                assertThat(owner.waitFor(WITHIN.toSeconds(), TimeUnit.SECONDS)).isTrue();

                for (long pid : List.of(leader, member)) {
                    assertThat(stopsRunningWithin(pid, WITHIN)).as("%s: process %d", ending, pid).isTrue();
                }
            } finally {
                owner.destroyForcibly();
            }
        }
    }

    private static boolean stateWithin(long pid, char state) throws InterruptedException {
        long deadline = System.nanoTime() + WITHIN.toNanos();
        while (ProcStat.read(pid).orElseThrow().state() != state) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(5);
        }
        return true;
    }

    private static boolean ticksGrowWithin(List<Long> pids, long before) throws InterruptedException {
        long deadline = System.nanoTime() + WITHIN.toNanos();
        while (ticks(pids) == before) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(20);
        }
        return true;
    }

    private static long ticks(List<Long> pids) {
        return pids.stream().mapToLong(pid -> ProcStat.read(pid).orElseThrow().cpuTicks()).sum();
    }

    private static boolean fileWithin(Path file) throws InterruptedException {
        long deadline = System.nanoTime() + WITHIN.toNanos();
        while (!Files.exists(file)) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(5);
        }
        return true;
    }
}
