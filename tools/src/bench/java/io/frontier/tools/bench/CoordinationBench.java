package io.frontier.tools.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.frontier.store.benchmark.BenchmarkRun;
import io.frontier.store.wire.WireCodec;
import io.frontier.tools.FrontierCommand;
import io.frontier.worker.executor.testing.FileContractTarget;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Coordination overhead of a whole campaign job against the same executions run by
 * {@code xargs -P 4}, and the coordinator's ceiling with an executor that does nothing.
 *
 * <p>Overhead: 399 seeds and an executor that sleeps 100 ms and writes one child (the same child
 * for every input, so the campaign is exactly 400 executions), 1 coordinator and 4 workers. The
 * baseline runs the same target on the same 400 inputs, 4 at a time. Both are timed as whole
 * processes, so Frontier's figure includes starting mpirun and five JVMs; the campaign's own
 * time (root's first dispatch to the end) is reported beside it.
 *
 * <p>Argument: the output directory; writes {@code coordination-bench.json} there.
 */
public final class CoordinationBench {

    private static final int SEEDS = 399;
    private static final int CEILING_SEEDS = 1000;

    private CoordinationBench() {
    }

    public static void main(String[] args) throws Exception {
        Path output = Files.createDirectories(Path.of(args[0]));
        Path work = Files.createTempDirectory(output, "coordination-");
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
        Map<String, Object> result = new LinkedHashMap<>();
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
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .writeValue(output.resolve("coordination-bench.json").toFile(), result);
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("executions of 100 ms, 1 coordinator + 4 workers", executions);
        figures.put("xargs -P 4, s", xargsSeconds);
        figures.put("frontier run, whole process, s", frontierSeconds);
        figures.put("frontier run, campaign (root's loop), s", campaignSeconds);
        figures.put("ratio to xargs, whole process", frontierSeconds / xargsSeconds);
        figures.put("ratio to xargs, campaign (target <= 1.10)", campaignSeconds / xargsSeconds);
        figures.put("no-op executions, tasks/s, whole process", ceilingExecutions / ceilingSeconds);
        figures.put("no-op executions, tasks/s, campaign", ceilingExecutions / ceilingCampaignSeconds);
        BenchmarkRun.now("coordination", figures).record();
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
        Path executor = campaign.resolveSibling(campaign.getFileName() + "-executor.json");
        Files.write(executor, WireCodec.encode(FileContractTarget.command(target, options)));
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), FrontierCommand.class.getName(), "run",
                campaign.toString(), "--coordinators", "1", "--workers", Integer.toString(workers),
                "--seeds", seeds.toString(), "--executor", executor.toString(), "--max-time", "600",
                "--scratch", campaign.resolveSibling(campaign.getFileName() + "-scratch").toString());
        long started = System.nanoTime();
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
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
