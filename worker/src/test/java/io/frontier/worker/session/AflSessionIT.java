package io.frontier.worker.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.worker.DemoTarget;
import io.frontier.worker.executor.AflSessionConfig;
import io.frontier.worker.executor.AflTools;
import io.frontier.worker.executor.ChildEnvironment;
import io.frontier.worker.executor.ExecutorException;
import io.frontier.worker.executor.ExitKind;
import io.frontier.worker.executor.OutputEnd;
import io.frontier.worker.executor.process.ProcStat;
import io.frontier.worker.executor.process.ProcessRunner;
import io.frontier.worker.executor.process.ResourceLimits;
import io.frontier.worker.executor.process.Signals;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sessions of real {@code afl-fuzz} on a small target whose coverage depends on the first byte of
 * its input. Asserts what AFL++ does deterministically (its start, its imports, which run before
 * any fuzzing, its processes' states) and never what the fuzzer happens to find.
 */
class AflSessionIT {

    /**
     * Reaches one branch per first byte A, B and C, and aborts on Z. Every execution first spins
     * for tens of milliseconds, so that a slice mostly ends in the middle of one.
     */
    private static final String TARGET = """
            #include <stdio.h>
            #include <stdlib.h>

            int main(int argc, char **argv) {
              FILE *file = fopen(argv[1], "rb");
              if (file == NULL) return 2;
              unsigned char bytes[16];
              size_t length = fread(bytes, 1, sizeof bytes, file);
              fclose(file);
              for (volatile unsigned long spin = 0; spin < 5000000UL; spin++) {
              }
              if (length == 0) return 0;
              switch (bytes[0]) {
                case 'A': puts("A"); break;
                case 'B': puts("B"); break;
                case 'C': puts("C"); break;
                case 'Z': abort();
              }
              return 0;
            }
            """;
    private static final Duration SLICE = Duration.ofSeconds(2);
    /** Far beyond one execution even on a loaded machine: no execution of the target is a hang. */
    private static final long EXEC_TIMEOUT_MILLIS = 5000;
    /** How long stopped processes are watched for CPU time they should not get. */
    private static final Duration WATCHED = Duration.ofSeconds(1);

    @TempDir
    Path dir;

    @Test
    void aSessionFuzzesInSlicesAndUsesNoCpuBetweenThem() throws Exception {
        Path target = DemoTarget.compileWithAfl(dir, "first", TARGET);
        List<Path> seeds = List.of(input("x", "x"), input("A1", "A1"));
        List<SliceOutcome> outcomes = new ArrayList<>();

        try (AflSession session = start(target, seeds)) {
            long fuzzer = session.pid();
            assertThat(ProcStat.read(fuzzer).orElseThrow().stopped()).as("stopped once started").isTrue();
            // Same path as A1, new branch, crash: imported before AFL++ fuzzes anything.
            List<Path> imports = List.of(input("A2", "A2"), input("B1", "B1"), input("Z1", "Z1"));

            SliceOutcome first = session.slice(imports, SLICE, dir.resolve("out-1"), 1000);
            outcomes.add(first);

            assertThat(first.alive()).isTrue();
            assertThat(first.wallTime()).isGreaterThanOrEqualTo(SLICE);
            assertThat(ProcStat.read(fuzzer).orElseThrow().stopped()).as("afl-fuzz stopped after the slice").isTrue();
            List<Long> processes = family(fuzzer);
            assertThat(processes).as("afl-fuzz and its fork server").hasSizeGreaterThanOrEqualTo(2);
            long stoppedTicks = ticks(processes);
            Thread.sleep(WATCHED.toMillis());
            assertThat(ticks(processes)).as("CPU time between slices").isEqualTo(stoppedTicks);

            SliceOutcome second = session.slice(List.of(), SLICE, dir.resolve("out-2"), 1000);
            outcomes.add(second);

            assertThat(second.alive()).isTrue();
            assertThat(ticks(processes)).as("CPU time during the second slice").isGreaterThan(stoppedTicks);
            assertThat(ProcStat.read(fuzzer).orElseThrow().stopped()).isTrue();
            assertThat(second.execsDone()).isPresent();

            SliceOutcome last = session.finish(dir.resolve("out-3"), 1000);
            outcomes.add(last);

            assertThat(last.alive()).isFalse();
            assertThat(session.alive()).isFalse();
            for (long pid : processes) {
                assertThat(inGroup(pid)).as("members of group %d after finish", pid).isEmpty();
            }
            assertThat(sharedMemoryOf(fuzzer)).as("System V segments afl-fuzz created").isEmpty();
        }

        Path queue = dir.resolve("session").resolve("sync").resolve("w0").resolve("queue");
        assertThat(importedContents(queue)).as("imports AFL++ kept: those reaching something new")
                .containsExactlyInAnyOrder("A1", "B1");
        for (SliceOutcome outcome : outcomes) {
            for (Path output : outcome.outputs()) {
                String name = output.getFileName().toString();
                assertThat(name).matches("(queue|crash|hang)-\\d{6}");
                if (name.startsWith("queue-")) {
                    assertThat(entryName(queue, name.substring("queue-".length())))
                            .as("a harvested queue entry is a find of the instance").doesNotContain(",sync:", ",orig:");
                }
            }
        }
        // The imported crash is AFL++'s first (nothing was fuzzed before it): crashes/id:000000.
        SliceOutcome withCrash = outcomes.stream()
                .filter(outcome -> outcome.outputs().stream().anyMatch(path -> path.endsWith("crash-000000")))
                .findFirst().orElseThrow();
        Path crash = withCrash.outputs().stream().filter(path -> path.endsWith("crash-000000")).findFirst().orElseThrow();
        assertThat(Files.readString(crash)).isEqualTo("Z1");
        assertThat(withCrash.ends()).containsEntry(crash, new OutputEnd(ExitKind.CRASH, Signals.SIGABRT));
        assertThat(outcomes.stream().flatMap(outcome -> outcome.outputs().stream()).toList()).doesNotHaveDuplicates();
    }

    @Test
    void closingAStoppedSessionLeavesNoProcessOfEitherGroup() throws Exception {
        Path target = DemoTarget.compileWithAfl(dir, "first", TARGET);
        AflSession session = start(target, List.of(input("x", "x")));
        session.slice(List.of(), Duration.ofMillis(500), dir.resolve("out"), 10);
        List<Long> processes = family(session.pid());

        session.close();

        assertThat(session.alive()).isFalse();
        for (long pid : processes) {
            assertThat(inGroup(pid)).as("members of group %d after close", pid).isEmpty();
        }
        session.close();
        assertThatThrownBy(() -> session.slice(List.of(), SLICE, dir.resolve("again"), 10))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aSeedThatCrashesDoesNotKeepTheSessionFromStarting() throws Exception {
        Path target = DemoTarget.compileWithAfl(dir, "first", TARGET);

        try (AflSession session = start(target, List.of(input("Z", "Z!")))) {
            SliceOutcome outcome = session.slice(List.of(), Duration.ofSeconds(1), dir.resolve("out"), 10);

            assertThat(outcome.alive()).isTrue();
        }
    }

    @Test
    void aProgramWithoutInstrumentationIsRefusedInTheFirstSliceWithAflsOwnReason() throws IOException {
        DemoTarget.assumeAfl();
        Path plain = Files.copy(Path.of("/bin/cat"), dir.resolve("cat"));

        try (AflSession session = start(plain, List.of(input("x", "x")))) {
            assertThatThrownBy(() -> session.slice(List.of(), SLICE, dir.resolve("out"), 10))
                    .isInstanceOf(ExecutorException.class)
                    .hasMessageStartingWith("afl-fuzz refused to fuzz")
                    .hasMessageContaining("reason=No instrumentation detected")
                    .hasMessageContaining("location=check_binary()");
        }
    }

    private AflSession start(Path target, List<Path> seeds) {
        AflSessionConfig config = new AflSessionConfig(target.toString(), List.of("@@"), 2, EXEC_TIMEOUT_MILLIS, 0, null, Map.of(),
                ResourceLimits.NONE);
        return AflSession.start(config, AflTools.find(), ProcessRunner.onThisMachine(), ChildEnvironment.ofThisProcess(),
                dir.resolve("session"), "w0", seeds);
    }

    private Path input(String name, String content) throws IOException {
        Path inputs = Files.createDirectories(dir.resolve("inputs"));
        return Files.writeString(inputs.resolve(name), content, StandardCharsets.ISO_8859_1);
    }

    /**
     * {@code pid} and its children (its fork server): the processes that live as long as the
     * session; the CPU time of the executions is their fork server's once it has reaped them.
     */
    private static List<Long> family(long pid) {
        ProcessHandle fuzzer = ProcessHandle.of(pid).orElseThrow();
        return Stream.concat(Stream.of(fuzzer), fuzzer.children()).map(ProcessHandle::pid).toList();
    }

    private static long ticks(List<Long> pids) {
        return pids.stream().mapToLong(pid -> ProcStat.read(pid).map(ProcStat::cpuTicks).orElse(0L)).sum();
    }

    /** Processes still running in group {@code pgid} (zombies not counted), waiting a while for SIGKILL to land. */
    private static List<Long> inGroup(long pgid) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (true) {
            List<Long> members;
            try (Stream<Path> entries = Files.list(Path.of("/proc"))) {
                members = entries.map(path -> path.getFileName().toString()).filter(name -> name.matches("\\d+"))
                        .map(Long::parseLong).map(ProcStat::read).flatMap(Optional::stream)
                        .filter(stat -> stat.processGroup() == pgid && !stat.ended()).map(ProcStat::pid).toList();
            }
            if (members.isEmpty() || System.nanoTime() > deadline) {
                return members;
            }
            Thread.sleep(20);
        }
    }

    /** Ids of the System V shared memory segments that process {@code pid} created. */
    private static List<String> sharedMemoryOf(long pid) throws IOException {
        // Columns: key shmid perms size cpid lpid ...
        return Files.readAllLines(Path.of("/proc/sysvipc/shm")).stream().skip(1).map(line -> line.trim().split("\\s+"))
                .filter(columns -> columns[4].equals(Long.toString(pid))).map(columns -> columns[1]).toList();
    }

    private static Set<String> importedContents(Path queue) throws IOException {
        Set<String> contents = new HashSet<>();
        try (Stream<Path> entries = Files.list(queue)) {
            for (Path entry : entries.filter(path -> path.getFileName().toString().contains(",sync:frontier,")).toList()) {
                contents.add(Files.readString(entry, StandardCharsets.ISO_8859_1));
            }
        }
        return contents;
    }

    private static String entryName(Path queue, String id) throws IOException {
        try (Stream<Path> entries = Files.list(queue)) {
            return entries.map(path -> path.getFileName().toString()).filter(name -> name.startsWith("id:" + id + ","))
                    .findFirst().orElseThrow();
        }
    }
}
