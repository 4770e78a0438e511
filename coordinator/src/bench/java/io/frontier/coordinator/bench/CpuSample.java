package io.frontier.coordinator.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * The CPU this JVM has used up to one instant, whole and in parts.
 *
 * <p>How the coordinator's share is found, so that it stays right however many threads the
 * coordinator uses: the whole process's CPU, less the simulated workers' threads (which the
 * benchmark starts and knows). What is left is every thread the coordinator ranks run or start,
 * and the JVM's own work for all of them: garbage collection (of the workers' garbage too, so the
 * share is an upper bound), the JIT compilers, and the benchmark's idle main thread. The
 * coordinator loop threads' own CPU (today the whole coordinator) and the JVM's threads by name,
 * from {@code /proc/self/task} where it exists, are kept beside it to show the split.
 *
 * @param processNanos the whole process's CPU
 * @param workerNanos the simulated workers' threads' CPU
 * @param loopNanos the CPU of the threads that run {@code CoordinatorRank.run()}
 * @param jvmTicks clock ticks of each of the JVM's garbage collector and VM threads ({@code gc}) and
 *     compiler threads ({@code jit}), by thread id, from {@code /proc}; empty where {@code /proc} is
 *     absent
 */
record CpuSample(long processNanos, long workerNanos, long loopNanos, Map<String, Map<String, Long>> jvmTicks) {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final com.sun.management.OperatingSystemMXBean SYSTEM =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    /** Linux's USER_HZ: the unit of the CPU times in {@code /proc/<pid>/task/<tid>/stat}. */
    private static final long TICK_NANOS = 10_000_000;

    /**
     * The CPU up to now; {@code workerNanos} are the workers' CPU as they reported it (a worker that
     * has ended reports its last reading), {@code loops} the coordinator loop threads, alive.
     */
    static CpuSample now(long workerNanos, Collection<Thread> loops) {
        long loop = 0;
        for (Thread thread : loops) {
            loop += Math.max(0, THREADS.getThreadCpuTime(thread.getId()));
        }
        return new CpuSample(SYSTEM.getProcessCpuTime(), workerNanos, loop, jvmThreads());
    }

    /** {@code thread}'s CPU so far, or 0 if it has ended. */
    static long of(Thread thread) {
        return Math.max(0, THREADS.getThreadCpuTime(thread.getId()));
    }

    /** The CPU of the current thread so far. */
    static long current() {
        return THREADS.getCurrentThreadCpuTime();
    }

    /** Clock ticks of the JVM's own threads, by kind and thread id, as {@code /proc/self/task} lists them. */
    private static Map<String, Map<String, Long>> jvmThreads() {
        Map<String, Map<String, Long>> ticks = new HashMap<>();
        Path tasks = Path.of("/proc/self/task");
        if (!Files.isDirectory(tasks)) {
            return ticks;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(tasks)) {
            for (Path task : entries) {
                String kind = kindOf(read(task.resolve("comm")).trim());
                if (kind != null) {
                    ticks.computeIfAbsent(kind, k -> new HashMap<>()).put(task.getFileName().toString(),
                            ticksOf(read(task.resolve("stat"))));
                }
            }
        } catch (IOException e) {
            // A thread that ended while listed loses its last ticks; the whole process's figure
            // above does not depend on this split.
        }
        return ticks;
    }

    private static String kindOf(String name) {
        if (name.startsWith("GC Thread") || name.startsWith("G1 ") || name.startsWith("VM Thread")
                || name.startsWith("VM Periodic")) {
            return "gc";
        }
        return name.startsWith("C1 Compiler") || name.startsWith("C2 Compiler") ? "jit" : null;
    }

    /**
     * User plus system ticks: fields 14 and 15 of a stat line, counted after the command's closing
     * parenthesis; 0 for a thread that ended before its line was read.
     */
    private static long ticksOf(String stat) {
        if (stat.indexOf(')') < 0) {
            return 0;
        }
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "";
        }
    }

    /**
     * What was used from {@code earlier} to this sample, part by part. A JVM thread counts from
     * {@code earlier} if it existed then, else from its start; one that ended in between (the JVM
     * adds and removes compiler threads) is left out.
     */
    CpuSample minus(CpuSample earlier) {
        Map<String, Map<String, Long>> ticks = new HashMap<>();
        jvmTicks.forEach((kind, threads) -> {
            Map<String, Long> before = earlier.jvmTicks.getOrDefault(kind, Map.of());
            Map<String, Long> used = new HashMap<>();
            threads.forEach((thread, value) -> used.put(thread, value - before.getOrDefault(thread, 0L)));
            ticks.put(kind, used);
        });
        return new CpuSample(processNanos - earlier.processNanos, workerNanos - earlier.workerNanos,
                loopNanos - earlier.loopNanos, ticks);
    }

    /** The CPU of the JVM's threads of {@code kind} ({@code gc} or {@code jit}), in seconds. */
    double jvmSeconds(String kind) {
        return jvmTicks.getOrDefault(kind, Map.of()).values().stream().mapToLong(Long::longValue).sum()
                * TICK_NANOS / 1e9;
    }

    /** The coordinators' share: everything but the simulated workers. */
    long coordinatorNanos() {
        return processNanos - workerNanos;
    }
}
