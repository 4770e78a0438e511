package io.frontier.worker.executor.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Helpers for tests that run real child processes: shell scripts, pid files, liveness. */
public final class TestProcesses {

    /** The environment scripts run with: a PATH and nothing else. */
    public static final Map<String, String> PATH_ONLY = Map.of("PATH", "/usr/bin:/bin");

    private TestProcesses() {
    }

    /** Writes an executable POSIX shell script {@code name} with {@code body} into {@code directory}. */
    public static Path script(Path directory, String name, String body) {
        Path script = directory.resolve(name);
        try {
            Files.writeString(script, "#!/bin/sh\n" + body);
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return script;
    }

    /** A spec that runs {@code program} in {@code directory} with {@link #PATH_ONLY} and no limits. */
    public static ProcessSpec spec(Path program, Path directory, String... arguments) {
        return new ProcessSpec(program, List.of(arguments), PATH_ONLY, directory, Optional.empty(),
                ResourceLimits.NONE);
    }

    /** Whether {@code pid} is a process that still runs (a zombie has stopped running). */
    public static boolean isRunning(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            char state = stat.charAt(stat.lastIndexOf(')') + 2);
            return state != 'Z' && state != 'X';
        } catch (NoSuchFileException e) {
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether {@code pid} stops running within {@code bound}; SIGKILL is delivered asynchronously. */
    public static boolean stopsRunningWithin(long pid, Duration bound) throws InterruptedException {
        long deadline = System.nanoTime() + bound.toNanos();
        while (isRunning(pid)) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(10);
        }
        return true;
    }

    /** Reads the pid a child wrote into {@code file}, waiting up to {@code bound} for it to appear. */
    public static long pidFrom(Path file, Duration bound) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + bound.toNanos();
        while (true) {
            if (Files.exists(file)) {
                String text = Files.readString(file).strip();
                if (!text.isEmpty()) {
                    return Long.parseLong(text);
                }
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no pid written to " + file);
            }
            Thread.sleep(10);
        }
    }
}
