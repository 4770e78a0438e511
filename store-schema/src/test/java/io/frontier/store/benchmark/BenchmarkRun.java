package io.frontier.store.benchmark;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.frontier.store.record.StrictJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * One run of one benchmark, as one line of {@code <results>/<benchmark>.jsonl}.
 *
 * <p>Invariant: {@code figures} holds what the harness measured, each under a name that says what
 * it is and in which unit (e.g. {@code "SHA-256, MB/s"}), values numbers or short text; nothing in
 * a run names a path of the machine it ran on ({@link #command} has every absolute path replaced
 * by {@code <path>}), so results can be committed from any machine.
 *
 * @param schema {@link #SCHEMA}
 * @param benchmark the results file's name without {@code .jsonl}, e.g. {@code corpus}
 * @param date when the run ended, an ISO-8601 UTC instant to the second
 * @param commit the checkout's commit, abbreviated, with {@code +changes} when tracked files
 *        differed from it; {@code unknown} outside a git checkout
 * @param machine what the run ran on
 * @param command the command that ran the harness: Maven's command line when Maven started it
 * @param figures the measured figures, in the order the harness gives them
 */
public record BenchmarkRun(int schema, String benchmark, String date, String commit, Machine machine, String command,
                           Map<String, Object> figures) {

    /** The format of a line; a new format gets a new number, and the renderer reads every number it knows. */
    public static final int SCHEMA = 1;
    /** The system property that names the results directory; the bench profile sets it. */
    public static final String RESULTS_PROPERTY = "bench.results";

    private static final Pattern ABSOLUTE_PATH = Pattern.compile("(?<![\\w.])/[^\\s,;:'\"]*");

    /**
     * What a run ran on.
     *
     * @param cpu the processor's model name, from {@code /proc/cpuinfo}
     * @param cores the processors the JVM may use
     * @param memoryMiB the machine's memory
     * @param os operating system, kernel version and architecture
     * @param jvm the JVM's name and version
     * @param loadAverage the 1, 5 and 15 minute load averages when the run ended: how shared the machine was
     */
    public record Machine(String cpu, int cores, long memoryMiB, String os, String jvm, String loadAverage) {

        /** This machine, now. */
        public static Machine current() {
            return new Machine(procField("/proc/cpuinfo", "model name"), Runtime.getRuntime().availableProcessors(),
                    machineMemoryMiB(), System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                    + System.getProperty("os.arch"),
                    System.getProperty("java.vm.name") + " " + System.getProperty("java.version"), machineLoadAverage());
        }

        /** One line for a table: cores, processor and load. */
        public String describe() {
            return cores + " cores, " + cpu + ", " + memoryMiB + " MiB, load " + loadAverage;
        }
    }

    /** A run of {@code benchmark} that ended now, on this machine, in this checkout. */
    public static BenchmarkRun now(String benchmark, Map<String, Object> figures) {
        return new BenchmarkRun(SCHEMA, benchmark, Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                currentCommit(), Machine.current(), currentCommand(), new LinkedHashMap<>(figures));
    }

    /**
     * Appends this run as one line to {@code <benchmark>.jsonl} in the directory the
     * {@value #RESULTS_PROPERTY} property names, and says where on standard output; without the
     * property (a harness started by hand) it says that nothing was recorded.
     */
    public void record() {
        String results = System.getProperty(RESULTS_PROPERTY, "");
        if (results.isBlank()) {
            System.out.println("benchmark " + benchmark + ": not recorded (-D" + RESULTS_PROPERTY + " names no directory)");
            return;
        }
        Path file = Path.of(results).resolve(benchmark + ".jsonl");
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, (line() + "\n").getBytes(StandardCharsets.UTF_8), StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("benchmark results cannot be appended to " + file, e);
        }
        System.out.println("benchmark " + benchmark + ": recorded in " + file);
    }

    /** This run as one line of JSON, without the newline. */
    public String line() {
        try {
            return new ObjectMapper().writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a benchmark run did not serialise", e);
        }
    }

    /** A line of a results file, decoded strictly. */
    public static BenchmarkRun parse(String line) {
        try {
            return StrictJson.mapper().readValue(line, BenchmarkRun.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a benchmark run: " + e.getOriginalMessage(), e);
        }
    }

    /** {@code text} with every absolute path replaced by {@code <path>}. */
    static String withoutPaths(String text) {
        return ABSOLUTE_PATH.matcher(text).replaceAll("<path>");
    }

    private static String currentCommand() {
        String maven = System.getenv("MAVEN_CMD_LINE_ARGS");
        String command = maven != null && !maven.isBlank() ? "mvn " + maven.trim()
                : "java " + System.getProperty("sun.java.command", "");
        return withoutPaths(command.replaceAll("\\s+", " "));
    }

    private static String currentCommit() {
        String head = git("rev-parse", "--short=12", "HEAD");
        if (head == null || head.isBlank()) {
            return "unknown";
        }
        String changes = git("status", "--porcelain", "--untracked-files=no");
        return changes == null || changes.isBlank() ? head : head + "+changes";
    }

    /** What git prints for {@code arguments} in the results directory's checkout, or null. */
    private static String git(String... arguments) {
        List<String> command = new java.util.ArrayList<>(List.of("git"));
        command.addAll(List.of(arguments));
        String results = System.getProperty(RESULTS_PROPERTY, "");
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
            if (!results.isBlank() && Files.isDirectory(Path.of(results).getParent())) {
                builder.directory(Path.of(results).getParent().toFile());
            }
            Process process = builder.start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0 ? out : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static String procField(String file, String name) {
        try {
            for (String line : Files.readAllLines(Path.of(file))) {
                if (line.startsWith(name) && line.contains(":")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException e) {
            return "unknown";
        }
        return "unknown";
    }

    private static long machineMemoryMiB() {
        String total = procField("/proc/meminfo", "MemTotal");
        try {
            return Long.parseLong(total.replace("kB", "").trim()) / 1024;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static String machineLoadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return String.join(" ", fields[0], fields[1], fields[2]);
        } catch (IOException | ArrayIndexOutOfBoundsException e) {
            return "unknown";
        }
    }
}
