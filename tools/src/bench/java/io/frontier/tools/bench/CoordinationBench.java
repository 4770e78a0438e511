package io.frontier.tools.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.frontier.store.benchmark.BenchmarkRun;
import io.frontier.store.wire.WireCodec;
import io.frontier.tools.FrontierCommand;
import io.frontier.worker.executor.CommandConfig;
import io.frontier.worker.executor.InputMode;
import io.frontier.worker.executor.process.ResourceLimits;
import io.frontier.worker.executor.testing.FileContractTarget;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Coordination overhead of a whole campaign job against the same executions run by
 * {@code xargs}, and the coordinator's ceiling with an executor that does nothing.
 *
 * <p>Overhead: 399 seeds and an executor that sleeps 100 ms and writes one child (the same child
 * for every input, so the campaign is exactly 400 executions), 1 coordinator and 4 workers. The
 * baseline runs the same target on the same 400 inputs, 4 at a time. Both are timed as whole
 * processes, so Frontier's figure includes starting mpirun and five JVMs; the campaign's own
 * time (root's loop, from before replay to the end) is reported beside it.
 *
 * <p>Per-item cost, where the executor costs almost nothing (a shell script of builtins only,
 * {@link #tinyTarget}), 1 coordinator and 2 workers against {@code xargs -P 2}, each item executed once:
 * {@code no-children}, 2,000 seeds whose runs write nothing; {@code children}, 100 seeds whose
 * runs write 100 children each, distinct per seed, whose own runs write none. The baseline runs
 * the seeds, then every child their runs wrote, each into an output directory of its own.
 *
 * <p>{@code -Dcoordination.parts} chooses the parts: {@code overhead} (the 100-ms workload and the
 * ceiling), {@code per-item} (the two workloads above); both unless told otherwise.
 *
 * <p>Argument: the output directory; writes {@code coordination-bench.json} there.
 */
public final class CoordinationBench {

    private static final int SEEDS = 399;
    private static final int CEILING_SEEDS = 1000;
    private static final int PER_ITEM_WORKERS = 2;
    private static final int NO_CHILDREN_SEEDS = 2000;
    private static final int PARENT_SEEDS = 100;
    private static final int CHILDREN_PER_SEED = 100;
    private static final double PER_ITEM_TARGET_RATIO = 1.5;
    private static final int MAX_GENERATIONS = 10;

    private CoordinationBench() {
    }

    public static void main(String[] args) throws Exception {
        Path output = Files.createDirectories(Path.of(args[0]));
        Path work = Files.createTempDirectory(output, "coordination-");
        List<String> parts = List.of(System.getProperty("coordination.parts", "overhead,per-item").split(","));
        Map<String, Object> result = new LinkedHashMap<>();
        if (parts.contains("overhead")) {
            overheadAndCeiling(work, result);
        }
        if (parts.contains("per-item")) {
            Path tiny = tinyTarget(work.resolve("bin"));
            result.put("perItemNoChildren", perItem(work, tiny, "no-children", NO_CHILDREN_SEEDS, 0));
            result.put("perItemChildren", perItem(work, tiny, "children", PARENT_SEEDS, CHILDREN_PER_SEED));
        }
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .writeValue(output.resolve("coordination-bench.json").toFile(), result);
        BenchmarkRun.now("coordination", figures(result)).record();
    }

    /** The figures the benchmark pages show, from what the parts that ran measured. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> figures(Map<String, Object> result) {
        Map<String, Object> figures = new LinkedHashMap<>();
        if (result.containsKey("executions")) {
            figures.put("executions of 100 ms, 1 coordinator + 4 workers", result.get("executions"));
            figures.put("xargs -P 4, s", result.get("xargsSeconds"));
            figures.put("frontier run, whole process, s", result.get("frontierSeconds"));
            figures.put("frontier run, campaign (root's loop), s", result.get("campaignSeconds"));
            figures.put("ratio to xargs, whole process", result.get("ratio"));
            figures.put("ratio to xargs, campaign (target <= 1.10)", result.get("campaignRatio"));
            figures.put("no-op executions, tasks/s, whole process", result.get("ceilingTasksPerSecond"));
            figures.put("no-op executions, tasks/s, campaign", result.get("ceilingCampaignTasksPerSecond"));
        }
        for (String part : List.of("perItemNoChildren", "perItemChildren")) {
            if (result.get(part) instanceof Map<?, ?> measured) {
                Map<String, Object> of = (Map<String, Object>) measured;
                String name = part.equals("perItemNoChildren") ? "2,000 seeds, no children"
                        : "100 seeds x 100 children";
                figures.put(name + ": xargs -P 2, s", of.get("xargsSeconds"));
                figures.put(name + ": frontier run, whole process, s", of.get("frontierSeconds"));
                figures.put(name + ": ratio to xargs, whole process (target <= 1.5)", of.get("ratio"));
                figures.put(name + ": ratio to xargs, campaign", of.get("campaignRatio"));
            }
        }
        return figures;
    }

    /** The 400 executions of 100 ms against {@code xargs -P 4}, and the no-op ceiling, into {@code result}. */
    private static void overheadAndCeiling(Path work, Map<String, Object> result) throws Exception {
        Path target = FileContractTarget.install(Files.createDirectories(work.resolve("bin")));
        Path overheadSeeds = seeds(work.resolve("seeds-overhead"), SEEDS);
        double frontierSeconds = frontier(work.resolve("overhead"), overheadSeeds, target,
                List.of("--children", "same", "--sleep-ms", "100"), 4);
        JsonNode overheadSummary = summary(work.resolve("overhead"));
        Path childFile = Files.write(work.resolve("same-child"), "frontier same child\n".getBytes(StandardCharsets.UTF_8));
        double xargsSeconds = xargs(work.resolve("xargs"), overheadSeeds, childFile, target);

        Path ceilingSeeds = seeds(work.resolve("seeds-ceiling"), CEILING_SEEDS);
        double ceilingSeconds = frontier(work.resolve("ceiling"), ceilingSeeds, target, List.of("--children", "none"), 4);
        JsonNode ceilingSummary = summary(work.resolve("ceiling"));

        long executions = overheadSummary.get("totals").get("executions").asLong();
        double campaignSeconds = overheadSummary.get("wallMillis").asLong() / 1000.0;
        double ceilingCampaignSeconds = ceilingSummary.get("wallMillis").asLong() / 1000.0;
        long ceilingExecutions = ceilingSummary.get("totals").get("executions").asLong();
        result.put("executions", executions);
        result.put("frontierSeconds", frontierSeconds);
        result.put("xargsSeconds", xargsSeconds);
        result.put("ratio", frontierSeconds / xargsSeconds);
        result.put("campaignSeconds", campaignSeconds);
        result.put("campaignRatio", campaignSeconds / xargsSeconds);
        result.put("targetRatio", 1.10);
        result.put("ceilingExecutions", ceilingExecutions);
        result.put("ceilingSeconds", ceilingSeconds);
        result.put("ceilingTasksPerSecond", ceilingExecutions / ceilingSeconds);
        result.put("ceilingCampaignSeconds", ceilingCampaignSeconds);
        result.put("ceilingCampaignTasksPerSecond", ceilingExecutions / ceilingCampaignSeconds);
        System.out.printf("overhead: %d executions (100 ms each, 4 workers): xargs -P 4 %.2f s; frontier whole process %.2f s"
                + " (ratio %.3f), campaign %.2f s (ratio %.3f); target <= 1.10%n",
                executions, xargsSeconds, frontierSeconds, frontierSeconds / xargsSeconds, campaignSeconds,
                campaignSeconds / xargsSeconds);
        System.out.printf("ceiling: %d no-op executions, 1 coordinator + 4 workers: whole process %.2f s (%.0f tasks/s),"
                + " campaign %.2f s (%.0f tasks/s)%n", ceilingExecutions, ceilingSeconds, ceilingExecutions / ceilingSeconds,
                ceilingCampaignSeconds, ceilingExecutions / ceilingCampaignSeconds);
    }

    /**
     * Installs the per-item executor: a shell script of builtins only (no process but its own),
     * {@code tiny-target CHILDREN OUTPUT_DIR INPUT}. An input whose first line starts with
     * {@code bench child} gets no child; any other gets {@code CHILDREN} children, each its index
     * and the input's first line, so distinct per seed.
     */
    private static Path tinyTarget(Path directory) throws IOException {
        Path script = Files.createDirectories(directory).resolve("tiny-target");
        Files.writeString(script, String.join("\n", "#!/bin/sh",
                "read -r first < \"$3\" || true",
                "case $first in \"bench child\"*) exit 0 ;; esac",
                "i=0",
                "while [ \"$i\" -lt \"$1\" ]; do",
                "    printf 'bench child %d of %s\\n' \"$i\" \"$first\" > \"$2/$i\"",
                "    i=$((i + 1))",
                "done", ""));
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }

    /**
     * One per-item workload, run by {@code frontier run} (1 coordinator, {@link #PER_ITEM_WORKERS}
     * workers, the embedded store) and by {@code xargs -P} {@link #PER_ITEM_WORKERS} over the same
     * seeds with the same executor, generation after generation.
     */
    private static Map<String, Object> perItem(Path work, Path target, String name, int seedCount, int children)
            throws Exception {
        Path seeds = seeds(work.resolve("seeds-" + name), seedCount);
        List<String> options = List.of(Integer.toString(children));
        String loadBefore = loadAverage();
        CommandConfig executor = new CommandConfig(List.of(target.toString(), options.get(0), "{output_dir}", "{input}"),
                InputMode.FILE, Map.of(), ResourceLimits.NONE);
        double frontierSeconds = frontier(work.resolve(name), seeds, executor, PER_ITEM_WORKERS);
        JsonNode summary = summary(work.resolve(name));
        Generations xargs = xargsByGeneration(work.resolve("xargs-" + name), seeds, target, options, PER_ITEM_WORKERS);
        long executions = summary.get("totals").get("executions").asLong();
        double campaignSeconds = summary.get("wallMillis").asLong() / 1000.0;
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("seeds", seedCount);
        result.put("executions", executions);
        result.put("xargsExecutions", xargs.executions());
        result.put("frontierSeconds", frontierSeconds);
        result.put("campaignSeconds", campaignSeconds);
        result.put("xargsSeconds", xargs.seconds());
        result.put("ratio", frontierSeconds / xargs.seconds());
        result.put("campaignRatio", campaignSeconds / xargs.seconds());
        result.put("frontierExecutionsPerSecond", executions / frontierSeconds);
        result.put("campaignExecutionsPerSecond", executions / campaignSeconds);
        result.put("targetRatio", PER_ITEM_TARGET_RATIO);
        result.put("loadAverageBefore", loadBefore);
        result.put("loadAverageAfter", loadAverage());
        System.out.printf("%s: %d executions, 1 coordinator + %d workers: xargs -P %d %.2f s (%d executions);"
                + " frontier whole process %.2f s (%.0f executions/s, ratio %.2f), campaign %.2f s (%.0f executions/s,"
                + " ratio %.2f); target <= %.1f; load %s -> %s%n", name, executions, PER_ITEM_WORKERS, PER_ITEM_WORKERS,
                xargs.seconds(), xargs.executions(), frontierSeconds, executions / frontierSeconds,
                frontierSeconds / xargs.seconds(), campaignSeconds, executions / campaignSeconds,
                campaignSeconds / xargs.seconds(), PER_ITEM_TARGET_RATIO, loadBefore, result.get("loadAverageAfter"));
        return result;
    }

    /** What the baseline ran: executions over every generation, and their wall time together. */
    private record Generations(long executions, double seconds) {
    }

    /**
     * The target run on {@code seeds}, {@code parallel} at a time, each into an output directory of
     * its own; then on every file those runs wrote, and so on until a generation writes nothing
     * (at most {@link #MAX_GENERATIONS}). Timed from the first run's start to the last one's end,
     * the listing of each generation's outputs included.
     */
    private static Generations xargsByGeneration(Path directory, Path seeds, Path target, List<String> options,
            int parallel) throws Exception {
        List<String> inputs = new ArrayList<>();
        try (var files = Files.list(seeds)) {
            files.forEach(file -> inputs.add(file.toString()));
        }
        long executions = 0;
        long started = System.nanoTime();
        for (int generation = 0; !inputs.isEmpty(); generation++) {
            if (generation == MAX_GENERATIONS) {
                throw new IllegalStateException("the baseline's runs still wrote children after " + MAX_GENERATIONS
                        + " generations");
            }
            Path outputs = Files.createDirectories(directory.resolve("generation-" + generation));
            xargs(outputs, inputs, target, options, parallel);
            executions += inputs.size();
            inputs.clear();
            try (var written = Files.walk(outputs)) {
                written.filter(Files::isRegularFile).filter(file -> !file.getFileName().toString().equals("inputs"))
                        .forEach(file -> inputs.add(file.toString()));
            }
        }
        return new Generations(executions, (System.nanoTime() - started) / 1e9);
    }

    /**
     * Runs {@code target options OUTPUT_DIR INPUT} on each of {@code inputs}, {@code parallel} at a
     * time, each into {@code <outputs>/<n>}.
     */
    private static void xargs(Path outputs, List<String> inputs, Path target, List<String> options, int parallel)
            throws Exception {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            lines.add(i + " " + inputs.get(i));
        }
        Path list = Files.write(outputs.resolve("inputs"), String.join("\n", lines).concat("\n")
                .getBytes(StandardCharsets.UTF_8));
        // xargs hands each line's two words, the input's number and path, to the inner shell as
        // $1 and $2; $0 is the outputs directory, and the target comes through the environment.
        String script = "out=\"$0/$1\"; mkdir -p \"$out\" && exec \"$FRONTIER_BENCH_TARGET\" "
                + String.join(" ", options) + " \"$out\" \"$2\"";
        ProcessBuilder builder = new ProcessBuilder("sh", "-c", "xargs -P " + parallel + " -L 1 sh -c '" + script
                + "' \"$0\" < \"$1\"", outputs.toString(), list.toString()).inheritIO();
        builder.environment().put("FRONTIER_BENCH_TARGET", target.toString());
        int exit = builder.start().waitFor();
        if (exit != 0) {
            throw new IllegalStateException("xargs baseline exited " + exit + " in " + outputs);
        }
    }

    private static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
            return fields[0] + " " + fields[1] + " " + fields[2];
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static Path seeds(Path directory, int count) throws IOException {
        Files.createDirectories(directory);
        for (int i = 0; i < count; i++) {
            Files.write(directory.resolve("seed-" + i), ("bench seed " + i + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return directory;
    }

    /**
     * Runs one campaign job as its own process, like a user would; returns its wall seconds. Its
     * workers' scratch directory sits beside the campaign, inside the benchmark's output
     * directory, so a run leaves nothing in the system temporary directory.
     */
    private static double frontier(Path campaign, Path seeds, Path target, List<String> options, int workers)
            throws Exception {
        return frontier(campaign, seeds, FileContractTarget.command(target, options), workers);
    }

    /** Runs one campaign job with the command executor {@code executor}; returns its wall seconds. */
    private static double frontier(Path campaign, Path seeds, CommandConfig command, int workers) throws Exception {
        Path executor = campaign.resolveSibling(campaign.getFileName() + "-executor.json");
        Files.write(executor, WireCodec.encode(command));
        List<String> arguments = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), FrontierCommand.class.getName(), "run",
                campaign.toString(), "--coordinators", "1", "--workers", Integer.toString(workers),
                "--seeds", seeds.toString(), "--executor", executor.toString(), "--max-time", "3600",
                "--scratch", campaign.resolveSibling(campaign.getFileName() + "-scratch").toString());
        long started = System.nanoTime();
        Process process = new ProcessBuilder(arguments).redirectErrorStream(true)
                .redirectOutput(campaign.resolveSibling(campaign.getFileName() + ".log").toFile()).start();
        int exit = process.waitFor();
        double seconds = (System.nanoTime() - started) / 1e9;
        if (exit != 0) {
            throw new IllegalStateException("frontier run exited " + exit + "; see " + campaign + ".log");
        }
        return seconds;
    }

    /** The same target on the same inputs, four at a time, each into its own output directory. */
    private static double xargs(Path directory, Path seeds, Path child, Path target) throws Exception {
        Files.createDirectories(directory);
        List<String> inputs = new ArrayList<>();
        try (var files = Files.list(seeds)) {
            files.forEach(file -> inputs.add(file.toString()));
        }
        inputs.add(child.toString());
        Path list = Files.write(directory.resolve("inputs"), String.join("\n", inputs).concat("\n").getBytes(StandardCharsets.UTF_8));
        String script = "out=\"$0/$(basename \"$1\")\"; mkdir -p \"$out\" && exec \"$2\" --children same --sleep-ms 100"
                + " --output-dir \"$out\" \"$1\"";
        List<String> command = List.of("sh", "-c", "xargs -P 4 -I{} sh -c '" + script.replace("'", "'\\''")
                + "' \"$0\" {} \"$1\" < \"$2\"", directory.toString(), target.toString(), list.toString());
        long started = System.nanoTime();
        Process process = new ProcessBuilder(command).inheritIO().start();
        int exit = process.waitFor();
        double seconds = (System.nanoTime() - started) / 1e9;
        if (exit != 0) {
            throw new IllegalStateException("xargs baseline exited " + exit);
        }
        return seconds;
    }

    private static JsonNode summary(Path campaign) throws IOException {
        return new ObjectMapper().readTree(campaign.resolve("reports").resolve("summary-epoch-1.json").toFile());
    }
}
