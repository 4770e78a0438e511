package io.frontier.tools.bench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.corpus.Digest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Plain AFL++ in parallel mode, run as a user would run it on the cores the campaigns get: one
 * {@code afl-fuzz -M main} and {@code -S s1} ... {@code -S s<W-1>} (W the bench's workers) in one
 * sync directory, on the target's AFL++ build, from its seeds, with {@code -m none} and the
 * campaigns' execution time-out ({@link ExecutorJson#EXEC_TIMEOUT_MILLIS}). Each instance is a
 * process group of its own ({@code setsid}); at the budget every group gets SIGINT, on which
 * AFL++ stops and writes its final {@code fuzzer_stats}, and SIGKILL after {@link #STOP_GRACE_SECONDS}.
 *
 * <p>The environment is the bench's without any {@code AFL_} variable, plus what a user sets on a
 * shared machine: {@code AFL_NO_UI=1}, {@code AFL_SKIP_CPUFREQ=1} and
 * {@code AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1}. AFL++ binds each instance to a core nobody is
 * bound to, as it does by default. Where it finds none (other programs bound to every core) it
 * refuses to start; the run then starts again with {@code AFL_NO_AFFINITY=1}, and its
 * description says so ({@code cpuBinding}).
 *
 * <p>It is measured as the campaigns are, from outside: the sync directory is listed at every
 * checkpoint from the launch ({@link AflSyncTimeline}, the seeds kept at 0 s), the last listing at
 * the budget, and each listing's new entries go to {@code afl-showmap -C} on the AFL++ build. The
 * description gives each instance's figures from its {@code fuzzer_stats}, and how the entries'
 * own times agree with the listings. A busy fraction is not given: an instance fuzzes all the
 * time, and AFL++ does not say how much of it is spent in the target.
 */
final class PlainAflRun {

    /** What the bench prints as this arm's executor kind. */
    static final String KIND = "afl-fuzz -M/-S";

    /** How long an instance may take to stop on SIGINT before its group is killed. */
    static final int STOP_GRACE_SECONDS = 10;

    /** AFL++'s message when every core is taken by a process bound to it. */
    private static final String NO_FREE_CORE = "No more free CPU cores";
    private static final long POLL_MILLIS = 200;

    private final BenchTarget target;
    private final int instances;
    private final int budget;
    private final int checkpoint;

    PlainAflRun(BenchTarget target, int instances, int budget, int checkpoint) {
        this.target = target;
        this.instances = instances;
        this.budget = budget;
        this.checkpoint = checkpoint;
    }

    /** The instances' names: {@code main}, then {@code s1} and on. */
    static List<String> instanceNames(int instances) {
        List<String> names = new ArrayList<>(List.of("main"));
        for (int i = 1; i < instances; i++) {
            names.add("s" + i);
        }
        return names;
    }

    /**
     * The command of instance {@code name} ({@code main} is the {@code -M} instance), launched in
     * a session and process group of its own.
     */
    static List<String> command(String name, Path seeds, Path sync, BenchTarget target) {
        List<String> command = new ArrayList<>(List.of("setsid", "afl-fuzz", name.equals("main") ? "-M" : "-S", name,
                "-i", seeds.toString(), "-o", sync.toString(), "-m", "none",
                "-t", Integer.toString(ExecutorJson.EXEC_TIMEOUT_MILLIS), "--", target.afl().toString()));
        command.addAll(target.arguments());
        return command;
    }

    /** The instances' environment: {@code inherited} without its {@code AFL_} variables, plus the user's settings. */
    static Map<String, String> environment(Map<String, String> inherited, boolean bindCores) {
        Map<String, String> environment = new LinkedHashMap<>(inherited);
        environment.keySet().removeIf(name -> name.startsWith("AFL_"));
        environment.put("AFL_NO_UI", "1");
        environment.put("AFL_SKIP_CPUFREQ", "1");
        environment.put("AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES", "1");
        if (!bindCores) {
            environment.put("AFL_NO_AFFINITY", "1");
        }
        return environment;
    }

    /** Runs the instances for the budget in {@code directory} and measures what they kept. */
    ArmRun run(Path directory) throws IOException, InterruptedException {
        Path seeds = copySeeds(Files.createDirectories(directory.resolve("seeds")));
        Attempt attempt;
        String binding;
        try {
            attempt = attempt(directory.resolve("sync"), seeds, true);
            binding = "AFL++'s own: each instance bound to a free core";
        } catch (NoFreeCore refused) {
            System.out.printf("exploration: afl-fuzz found no free core (%s); again with AFL_NO_AFFINITY=1%n",
                    refused.getMessage());
            attempt = attempt(directory.resolve("sync-no-affinity"), seeds, false);
            binding = "none: AFL_NO_AFFINITY=1, AFL++ found no free core";
        }
        ShowmapEdges edges = new ShowmapEdges(target.afl(), target.arguments(),
                Files.createDirectories(directory.resolve("showmap")));
        Set<Digest> contents = new HashSet<>();
        List<double[]> curve = new ArrayList<>();
        for (AflSyncTimeline.Listing listing : attempt.timeline().listings()) {
            listing.added().forEach(file -> contents.add(ContentHasher.hashFile(file).digest()));
            curve.add(new double[] {listing.seconds(), edges.addFiles(listing.added()), contents.size()});
        }
        ObjectNode description = JsonNodeFactory.instance.objectNode();
        long executions = 0;
        ArrayNode stats = JsonNodeFactory.instance.arrayNode();
        for (String name : instanceNames(instances)) {
            Map<String, String> fuzzerStats = fuzzerStats(attempt.sync().resolve(name).resolve("fuzzer_stats"));
            executions += Long.parseLong(fuzzerStats.getOrDefault("execs_done", "0"));
            ObjectNode instance = stats.addObject().put("name", name);
            for (String field : List.of("execs_done", "execs_per_sec", "corpus_count", "corpus_found", "corpus_imported",
                    "saved_crashes", "saved_hangs", "cycles_done", "cpu_affinity", "run_time")) {
                putFigure(instance, field, fuzzerStats.get(field));
            }
        }
        AflSyncTimeline.Agreement agreement = attempt.timeline().agreement();
        // Not "executions": a campaign's are executor runs, each many of the target's.
        description.put("targetExecutions", executions).put("reason", "budget").put("cpuBinding", binding)
                .put("instances", instances).set("fuzzers", stats);
        description.putObject("entryTimes").put("curveFrom", "listings of the sync directory at each checkpoint")
                .put("entries", agreement.entries()).put("timedByName", agreement.timedByName())
                .put("timedByModification", agreement.timedByModification()).put("sameCheckpoint", agreement.same())
                .put("earlierByOwnTime", agreement.earlier()).put("laterByOwnTime", agreement.later());
        return ArmRun.outside(ExplorationArm.AFL_PLAIN, curve, description);
    }

    /** The sync directory and its listings of one start of the instances. */
    private record Attempt(Path sync, AflSyncTimeline timeline) {
    }

    /** An instance refused to start for want of a free core to bind to. */
    private static final class NoFreeCore extends RuntimeException {

        private static final long serialVersionUID = 1L;

        NoFreeCore(String instance) {
            super("instance " + instance);
        }
    }

    private Attempt attempt(Path sync, Path seeds, boolean bindCores) throws IOException, InterruptedException {
        Files.createDirectories(sync);
        List<String> names = instanceNames(instances);
        List<Process> processes = new ArrayList<>();
        long startNanos = System.nanoTime();
        AflSyncTimeline timeline = new AflSyncTimeline(sync, seedFiles(seeds), System.currentTimeMillis());
        try {
            for (String name : names) {
                ProcessBuilder builder = new ProcessBuilder(command(name, seeds, sync, target)).redirectErrorStream(true)
                        .redirectOutput(log(sync, name).toFile());
                Map<String, String> environment = environment(builder.environment(), bindCores);
                builder.environment().clear();
                builder.environment().putAll(environment);
                processes.add(builder.start());
            }
            timeline.take(0);
            long budgetMillis = budget * 1000L;
            for (long next = Math.min(checkpoint * 1000L, budgetMillis); ; next = Math.min(next + checkpoint * 1000L,
                    budgetMillis)) {
                while (elapsedMillis(startNanos) < next) {
                    requireRunning(names, processes, sync, bindCores);
                    Thread.sleep(Math.min(POLL_MILLIS, Math.max(1, next - elapsedMillis(startNanos))));
                }
                timeline.take(elapsedMillis(startNanos) / 1000.0);
                if (next >= budgetMillis) {
                    break;
                }
            }
        } finally {
            stop(processes);
        }
        return new Attempt(sync, timeline);
    }

    /** Instance {@code name}'s output, beside the sync directory. */
    private static Path log(Path sync, String name) {
        return sync.resolveSibling(sync.getFileName() + "-" + name + ".log");
    }

    private static long elapsedMillis(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    /** Fails when an instance has ended before the budget: for want of a free core, or for AFL++'s reason. */
    private static void requireRunning(List<String> names, List<Process> processes, Path sync, boolean bindCores)
            throws IOException {
        for (int i = 0; i < processes.size(); i++) {
            if (processes.get(i).isAlive()) {
                continue;
            }
            Path log = log(sync, names.get(i));
            String output = Files.readString(log, StandardCharsets.ISO_8859_1);
            if (bindCores && output.contains(NO_FREE_CORE)) {
                throw new NoFreeCore(names.get(i));
            }
            throw new IllegalStateException("afl-fuzz " + names.get(i) + " ended before the budget with exit code "
                    + processes.get(i).exitValue() + (abortLine(output).map(line -> " (" + line + ")").orElse(""))
                    + "; see " + log);
        }
    }

    /** AFL++'s {@code PROGRAM ABORT} line and the one after it, colours removed. */
    private static Optional<String> abortLine(String output) {
        String plain = output.replaceAll("\u001b\\[[0-9;]*m", "");
        int abort = plain.indexOf("PROGRAM ABORT");
        if (abort < 0) {
            return Optional.empty();
        }
        String[] lines = plain.substring(abort).split("\n", 3);
        return Optional.of((lines[0] + (lines.length > 1 ? " " + lines[1] : "")).trim());
    }

    /** SIGINT to every instance's group, then, after the grace period, SIGKILL to what is left of each. */
    private static void stop(List<Process> processes) throws IOException, InterruptedException {
        for (Process process : processes) {
            signalGroup(process.pid(), "INT");
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(STOP_GRACE_SECONDS);
        for (Process process : processes) {
            process.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        }
        for (Process process : processes) {
            // The fork server and a target it started may outlive afl-fuzz for an instant.
            signalGroup(process.pid(), "KILL");
            process.waitFor();
        }
    }

    /** Signals process group {@code pgid}; a group with no member left is no error. */
    private static void signalGroup(long pgid, String signal) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-s", signal, "--", "-" + pgid).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
    }

    /** Copies the target's seed files into {@code directory}, where the instances and the measurement read them. */
    private Path copySeeds(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(target.seeds())) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                Files.copy(file, directory.resolve(file.getFileName()));
            }
        }
        return directory;
    }

    private static List<Path> seedFiles(Path seeds) throws IOException {
        try (Stream<Path> files = Files.list(seeds)) {
            return files.sorted().toList();
        }
    }

    /** Puts {@code value} as a number when it is one ({@code fuzzer_stats} writes every figure as text). */
    private static void putFigure(ObjectNode node, String field, String value) {
        if (value == null) {
            node.putNull(field);
        } else if (value.matches("-?\\d+")) {
            node.put(field, Long.parseLong(value));
        } else if (value.matches("-?\\d+\\.\\d+")) {
            node.put(field, Double.parseDouble(value));
        } else {
            node.put(field, value);
        }
    }

    /** The fields of a {@code fuzzer_stats} file ({@code name : value} lines); empty when AFL++ wrote none. */
    static Map<String, String> fuzzerStats(Path file) throws IOException {
        Map<String, String> fields = new LinkedHashMap<>();
        if (!Files.isRegularFile(file)) {
            return fields;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                fields.put(line.substring(0, colon).trim(), line.substring(colon + 1).trim());
            }
        }
        return fields;
    }
}
