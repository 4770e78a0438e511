package io.frontier.coordinator.bench;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.KeyValueStores;
import io.frontier.store.kv.StoreException;
import io.frontier.worker.link.MpiJobSpec;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * What one coordinator rank costs per execution and per child, without MPI and without
 * executions: coordinator ranks run in one JVM against simulated workers over the loopback
 * transport ({@link CoordinatorRun}), on the embedded store and, where {@code FDB_CLUSTER_FILE}
 * names a cluster the client can use, on FoundationDB with 1, 2 and 4 coordinators.
 *
 * <p>Each run gets a JVM of its own, with the options of a rank's JVM ({@link MpiJobSpec}), under
 * {@code strace} where it works ({@link FsyncTrace}), and a fresh campaign. Workloads ({@link Workload}): results without children; the mix of 60 to 170
 * children of which about 90% reach nothing new; and the same mix without those children. The
 * coordinator's CPU per redundant child is the difference between the mix and its kept-only twin
 * per execution, over the redundant children per execution. CPU is counted as {@link CpuSample}
 * says: the whole process less the simulated workers' threads, so it stays right when the
 * coordinator uses several threads.
 *
 * <p>Settings (system properties, prefix {@code coordinator.bench.}): {@code workers} per
 * coordinator (8), {@code executions} of the measured job without children (3000) and with
 * ({@code mixExecutions}, 1500), {@code warmup} executions before each (1000, {@code mixWarmup} 1000),
 * {@code workloads} (no-children,mix,kept-only), {@code fdbCoordinators} (1,2,4),
 * {@code exploration} (tiers-full), {@code seed} (36), {@code durableStage} (false),
 * {@code profile} (false: a flight recording of each embedded run's window and its top frames).
 * The warm-ups with children are as long as the one without: with 100 executions the measured
 * window of the mix still ran partly before the JIT had compiled the commit path (132 µs of
 * coordinator CPU per child, against 73 µs after 1,000 on the same build and machine).
 *
 * <p>Argument: the output directory; results are printed and written by {@link BenchResults}.
 */
public final class CoordinatorBench {

    private static final String PREFIX = "coordinator.bench.";
    private static final double TARGET_EXECUTIONS_PER_SECOND = 2_000;
    private static final double TARGET_CHILDREN_PER_SECOND = 20_000;
    private static final double TARGET_MICROS_PER_REDUNDANT_CHILD = 50;
    private static final ObjectMapper JSON = new ObjectMapper();

    private CoordinatorBench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 1 && args[0].equals("--run")) {
            CoordinatorRun.run(RunPlan.parse(Arrays.asList(args).subList(2, args.length)), Path.of(args[1]));
            return;
        }
        Path output = Files.createDirectories(Path.of(args[0]));
        Path runs = output.resolve("coordinator-runs");
        int workers = Integer.getInteger(PREFIX + "workers", 8);
        long executions = Long.getLong(PREFIX + "executions", 3000);
        long mixExecutions = Long.getLong(PREFIX + "mixExecutions", 1500);
        long warmup = Long.getLong(PREFIX + "warmup", 1000);
        long mixWarmup = Long.getLong(PREFIX + "mixWarmup", 1000);
        List<Workload> workloads = Arrays.stream(System.getProperty(PREFIX + "workloads", "no-children,mix,kept-only")
                .split(",")).map(Workload::of).toList();
        String exploration = System.getProperty(PREFIX + "exploration", "tiers-full");
        long seed = Long.getLong(PREFIX + "seed", 36);
        boolean durableStage = Boolean.getBoolean(PREFIX + "durableStage");
        boolean profile = Boolean.getBoolean(PREFIX + "profile");
        boolean strace = FsyncTrace.available();

        Map<String, Object> results = new LinkedHashMap<>();
        results.put("workersPerCoordinator", workers);
        results.put("exploration", exploration);
        results.put("seed", seed);
        results.put("durableStage", durableStage);
        results.put("cpuAttribution", "process CPU less the simulated workers' threads (GC, JIT and every"
                + " coordinator thread included); loopThread* is the threads running CoordinatorRank.run() alone");
        results.put("fsyncsCountedBy", strace ? "strace -f --seccomp-bpf -ttt -e trace=fsync,fdatasync, calls within"
                + " the measured window" : "unavailable (corpus fsyncs only, from the coordinators' Fsync counters)");
        double fsyncMillis = fsyncLatencyMillis(output);
        results.put("fsyncFilePlusDirectoryMillis", fsyncMillis);
        System.out.printf("this machine: a file fsync plus its directory's fsync take %.2f ms; load %s%n", fsyncMillis,
                CoordinatorRun.loadAverage());

        List<Map<String, Object>> measured = new ArrayList<>();
        for (Workload workload : workloads) {
            boolean children = workload.hasChildren();
            measured.add(run(new RunPlan("sqlite", "", workload, 1, workers, children ? mixWarmup : warmup,
                    children ? mixExecutions : executions, exploration, seed, durableStage, profile), runs, strace));
        }
        String cluster = System.getenv("FDB_CLUSTER_FILE");
        String skipped = cluster == null ? "FDB_CLUSTER_FILE is not set" : unusable("fdb:" + cluster);
        if (skipped == null) {
            String url = "fdb:" + Path.of(cluster).toAbsolutePath();
            for (String count : System.getProperty(PREFIX + "fdbCoordinators", "1,2,4").split(",")) {
                for (Workload workload : workloads) {
                    boolean children = workload.hasChildren();
                    measured.add(run(new RunPlan("fdb", url, workload, Integer.parseInt(count.trim()), workers,
                            children ? mixWarmup : warmup, children ? mixExecutions : executions, exploration, seed,
                            durableStage, false), runs, strace));
                }
            }
        } else {
            System.out.println("FoundationDB skipped: " + skipped);
            results.put("foundationDbSkipped", skipped);
        }
        results.put("runs", measured);
        results.put("summary", summary(measured));
        System.out.println("results: " + BenchResults.write(output, "coordinator-bench", results));
    }

    /** Runs {@code plan} in a JVM of its own and returns what it printed, with its fsyncs where counted. */
    private static Map<String, Object> run(RunPlan plan, Path runs, boolean strace) throws Exception {
        Path directory = fresh(runs.resolve(plan.label()));
        Path trace = directory.resolve("fsync.strace");
        List<String> command = new ArrayList<>(strace ? FsyncTrace.prefix(trace) : List.of());
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(MpiJobSpec.RANK_JVM_OPTIONS);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), CoordinatorBench.class.getName(), "--run",
                directory.toString()));
        command.addAll(plan.arguments());
        Path log = directory.resolve("run.log");
        System.out.printf("%s: %d warm-up + %d measured executions, %d coordinator(s) x %d workers; load %s%n",
                plan.label(), plan.warmup(), plan.executions(), plan.coordinators(), plan.workers(),
                CoordinatorRun.loadAverage());
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!process.waitFor(2, TimeUnit.HOURS) || process.exitValue() != 0) {
            process.destroyForcibly();
            throw new IllegalStateException(plan.label() + " failed; see " + log);
        }
        String line = Files.readAllLines(log).stream().filter(text -> text.startsWith(CoordinatorRun.RESULT_PREFIX))
                .findFirst().orElseThrow(() -> new IllegalStateException(plan.label() + " printed no result; see " + log));
        Map<String, Object> figures = JSON.readValue(line.substring(CoordinatorRun.RESULT_PREFIX.length()),
                new TypeReference<LinkedHashMap<String, Object>>() { });
        if (strace) {
            long fsyncs = FsyncTrace.callsWithin(trace, ((Number) figures.get("windowStartMicros")).longValue(),
                    ((Number) figures.get("windowEndMicros")).longValue());
            long executions = ((Number) figures.get("executions")).longValue();
            long children = ((Number) figures.get("childrenCommitted")).longValue();
            figures.put("fsyncs", fsyncs);
            figures.put("fsyncsPerExecution", (double) fsyncs / executions);
            figures.put("fsyncsPerChild", children == 0 ? null : (double) fsyncs / children);
        }
        print(figures);
        return figures;
    }

    private static void print(Map<String, Object> run) {
        System.out.printf("  %s: %.0f executions/s, %.0f children/s in %.1f s; coordinator CPU %.0f us/execution"
                        + "%s (loop thread %.0f us/execution; GC+VM %.2f s, JIT %.2f s of %.2f s); %s; load %s -> %s%n",
                run.get("label"), num(run, "executionsPerSecond"), num(run, "childrenPerSecond"), num(run, "seconds"),
                num(run, "coordinatorCpuMicrosPerExecution"),
                run.get("coordinatorCpuMicrosPerChild") == null ? ""
                        : String.format(", %.1f us/child", num(run, "coordinatorCpuMicrosPerChild")),
                num(run, "loopThreadCpuMicrosPerExecution"), num(run, "gcAndVmThreadsCpuSeconds"),
                num(run, "jitThreadsCpuSeconds"), num(run, "coordinatorCpuSeconds"),
                run.containsKey("fsyncs") ? String.format("%.2f fsyncs/execution", num(run, "fsyncsPerExecution"))
                        : String.format("%.2f corpus fsyncs/execution", num(run, "corpusFsyncsPerExecution")),
                run.get("loadAverageBefore"), run.get("loadAverageAfter"));
        System.out.printf("    store per execution: %.1f transactions and %.1f read-only ones, %.1f keys read, %.1f keys"
                        + " and %.0f bytes written%n", num(run, "storeTransactionsPerExecution"),
                num(run, "storeReadOnlyTransactionsPerExecution"), num(run, "storeKeysReadPerExecution"),
                num(run, "storeKeysWrittenPerExecution"), num(run, "storeBytesWrittenPerExecution"));
        if (run.get("profile") instanceof Map<?, ?> profile) {
            System.out.println("    top frames by Java samples (self) of the coordinator's threads:");
            ((List<?>) profile.get("selfTop")).forEach(frame -> System.out.println("      " + frame));
            System.out.println("    top frames (inclusive):");
            ((List<?>) profile.get("inclusiveTop")).forEach(frame -> System.out.println("      " + frame));
            System.out.println("    native samples (running or waiting), topmost frame:");
            ((List<?>) profile.get("nativeTop")).forEach(frame -> System.out.println("      " + frame));
        }
    }

    /**
     * Per backend and number of coordinators: the three figures beside their targets. The
     * CPU per redundant child is (mix − kept-only) CPU per execution over the mix's redundant
     * children per execution.
     */
    private static List<Map<String, Object>> summary(List<Map<String, Object>> runs) {
        Map<String, Map<String, Map<String, Object>>> groups = new LinkedHashMap<>();
        for (Map<String, Object> run : runs) {
            groups.computeIfAbsent(run.get("backend") + " x" + run.get("coordinators"), key -> new LinkedHashMap<>())
                    .put((String) run.get("workload"), run);
        }
        List<Map<String, Object>> summary = new ArrayList<>();
        for (Map.Entry<String, Map<String, Map<String, Object>>> group : groups.entrySet()) {
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("store", group.getKey());
            Map<String, Object> none = group.getValue().get(Workload.NO_CHILDREN.label());
            Map<String, Object> mix = group.getValue().get(Workload.MIX.label());
            Map<String, Object> kept = group.getValue().get(Workload.KEPT_ONLY.label());
            System.out.printf("%s:%n", group.getKey());
            if (none != null) {
                line.put("executionsPerSecondWithoutChildren", num(none, "executionsPerSecond"));
                line.put("coordinatorCpuMicrosPerExecutionWithoutChildren", num(none, "coordinatorCpuMicrosPerExecution"));
                System.out.printf("  executions/s without children: %.0f (target >= %.0f); coordinator CPU %.0f us per"
                        + " execution, so %.0f executions per coordinator CPU-second; load %s%n",
                        num(none, "executionsPerSecond"), TARGET_EXECUTIONS_PER_SECOND,
                        num(none, "coordinatorCpuMicrosPerExecution"), 1e6 / num(none, "coordinatorCpuMicrosPerExecution"),
                        none.get("loadAverageAfter"));
            }
            for (Map<String, Object> run : group.getValue().values()) {
                line.put("storeKeysWrittenPerExecution " + run.get("workload"), num(run, "storeKeysWrittenPerExecution"));
                line.put("storeBytesWrittenPerExecution " + run.get("workload"), num(run, "storeBytesWrittenPerExecution"));
            }
            if (mix != null) {
                line.put("childrenPerSecond", num(mix, "childrenPerSecond"));
                line.put("coordinatorCpuMicrosPerChild", num(mix, "coordinatorCpuMicrosPerChild"));
                System.out.printf("  committed children/s (mix): %.0f (target >= %.0f); coordinator CPU %.1f us per child,"
                        + " so %.0f children per coordinator CPU-second; load %s%n", num(mix, "childrenPerSecond"),
                        TARGET_CHILDREN_PER_SECOND, num(mix, "coordinatorCpuMicrosPerChild"),
                        1e6 / num(mix, "coordinatorCpuMicrosPerChild"), mix.get("loadAverageAfter"));
            }
            if (mix != null && kept != null) {
                double perExecutionMix = num(mix, "coordinatorCpuMicrosPerExecution");
                double perExecutionKept = num(kept, "coordinatorCpuMicrosPerExecution");
                double redundantPerExecution = num(mix, "redundantChildren") / num(mix, "executions");
                double perRedundant = (perExecutionMix - perExecutionKept) / redundantPerExecution;
                line.put("coordinatorCpuMicrosPerRedundantChild", perRedundant);
                System.out.printf("  coordinator CPU per redundant child: %.1f us (target <= %.0f): (%.0f - %.0f) us per"
                        + " execution over %.1f redundant children per execution%n", perRedundant,
                        TARGET_MICROS_PER_REDUNDANT_CHILD, perExecutionMix, perExecutionKept, redundantPerExecution);
            }
            summary.add(line);
        }
        return summary;
    }

    private static double num(Map<String, Object> run, String key) {
        return ((Number) run.get(key)).doubleValue();
    }

    /** Mean time of writing a small file, fsyncing it and fsyncing its directory, here. */
    private static double fsyncLatencyMillis(Path output) throws IOException {
        Path probe = Files.createDirectories(output.resolve("fsync-probe"));
        int rounds = 20;
        long started = System.nanoTime();
        for (int i = 0; i < rounds; i++) {
            Path file = probe.resolve("probe-" + i);
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                channel.write(java.nio.ByteBuffer.wrap(new byte[512]));
                channel.force(true);
            }
            try (FileChannel directory = FileChannel.open(probe, StandardOpenOption.READ)) {
                directory.force(true);
            }
        }
        double millis = (System.nanoTime() - started) / 1e6 / rounds;
        deleteTree(probe);
        return millis;
    }

    /** Why the store {@code url} names cannot be used, or null if it can. */
    private static String unusable(String url) {
        try (KeyValueStore kv = KeyValueStores.open(url)) {
            kv.read(tx -> tx.get(new byte[] {0}));
            return null;
        } catch (StoreException e) {
            return e.getMessage() + " " + e.context();
        } catch (RuntimeException | UnsatisfiedLinkError e) {
            return e.toString();
        }
    }

    private static Path fresh(Path directory) throws IOException {
        deleteTree(directory);
        return Files.createDirectories(directory);
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
