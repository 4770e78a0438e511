package io.frontier.coordinator.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Counts a JVM's fsync and fdatasync calls with {@code strace -f --seccomp-bpf -ttt}: the filter
 * stops the process at those two calls only, so everything else runs at full speed, and each call
 * is one line with its wall-clock time, so the calls of the measured window can be told from those
 * of setting up and warming up.
 */
final class FsyncTrace {

    private FsyncTrace() {
    }

    /** Whether {@code strace} with a seccomp filter works here. */
    static boolean available() {
        try {
            Process probe = new ProcessBuilder("strace", "-f", "--seccomp-bpf", "-e", "trace=fsync", "-o", "/dev/null",
                    "true").redirectErrorStream(true).start();
            probe.getInputStream().readAllBytes();
            return probe.waitFor(30, TimeUnit.SECONDS) && probe.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** The command prefix that traces what follows it into {@code trace}. */
    static List<String> prefix(Path trace) {
        return List.of("strace", "-f", "--seccomp-bpf", "-ttt", "-e", "trace=fsync,fdatasync", "-o", trace.toString());
    }

    /**
     * The fsync and fdatasync calls {@code trace} records as begun within [{@code fromMicros},
     * {@code toMicros}] (microseconds since the epoch). A line reads {@code <tid> <seconds.micros>
     * fsync(<fd>) = 0}, or {@code ... fsync(<fd> <unfinished ...>} when another thread's line came
     * between; a {@code <... fsync resumed>} line ends such a call and is not counted again.
     */
    static long callsWithin(Path trace, long fromMicros, long toMicros) throws IOException {
        long calls = 0;
        for (String line : Files.readAllLines(trace)) {
            String[] fields = line.trim().split("\\s+", 3);
            if (fields.length < 3 || !(fields[2].startsWith("fsync(") || fields[2].startsWith("fdatasync("))) {
                continue;
            }
            long micros = Math.round(Double.parseDouble(fields[1]) * 1e6);
            if (micros >= fromMicros && micros <= toMicros) {
                calls++;
            }
        }
        return calls;
    }
}
