package io.frontier.tools.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.frontier.store.benchmark.BenchmarkRun;
import io.frontier.store.corpus.ContentHasher;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.FrontierCommand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What each exploration policy reaches on the same target, seeds, workers and budget: the plain
 * closure (every unique child queued, no triage), novelty only (Frontier's triage before tiers),
 * the tiers policy, and, with SymCC, AFL++ alone against a hybrid SymCC + AFL++ campaign; and,
 * beside them, plain AFL++ {@code -M/-S} with one instance per worker, the tool a user would
 * otherwise pick. Each Frontier arm is one real {@code frontier run} (1 coordinator,
 * {@code workers} workers, the embedded store) stopped by its wall-time budget or at quiescence;
 * its edges are measured from outside, with {@code afl-showmap -C} over the inputs it kept in its
 * public corpus, at every checkpoint. Plain AFL++ is measured the same way over the inputs its
 * instances kept ({@link PlainAflRun}).
 *
 * <p>Prints, per target, the edges of every arm at every checkpoint and the checks of issue 12's
 * targets, and writes {@code exploration-bench.json}.
 *
 * <p>Arguments: the output directory and the project's root. System properties:
 * {@code exploration.targets} (a JSON file of targets, see {@link BenchTarget#read}; default: the
 * demo target, built here), {@code exploration.budget} (seconds, default 180),
 * {@code exploration.workers} (default 2), {@code exploration.checkpoint} (seconds, default 15),
 * {@code exploration.arms} (default closure,novelty,tiers,shared-map,afl,hybrid,afl-plain; the
 * others: tiers-cap-0, no-symcc-repeat, hybrid-no-symcc-repeat, hybrid-afl-first, afl-session,
 * hybrid-session),
 * {@code exploration.symccLimit} (a SymCC run's time limit in ms, default 10000),
 * {@code exploration.aflSeconds} (an afl-fuzz run's length, default 10) and
 * {@code exploration.runs} (runs per arm, default 1; with more, every arm runs once per round, each
 * round is printed as one run is, and then the median and range of each arm per checkpoint,
 * {@link ArmSpread}).
 */
public final class ExplorationBench {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Path output;
    private final int budget;
    private final int workers;
    private final int checkpoint;
    private final long symccLimitMillis;
    private final int aflSeconds;
    private final int runsPerArm;
    /** What every target's arms reached, for the benchmark's results file. */
    private final Map<String, Object> figures = new LinkedHashMap<>();

    private ExplorationBench(Path output) {
        this.output = output;
        this.budget = Integer.getInteger("exploration.budget", 180);
        this.workers = Integer.getInteger("exploration.workers", 2);
        this.checkpoint = Integer.getInteger("exploration.checkpoint", 15);
        this.symccLimitMillis = Long.getLong("exploration.symccLimit", 10_000);
        this.aflSeconds = Integer.getInteger("exploration.aflSeconds", 10);
        this.runsPerArm = Integer.getInteger("exploration.runs", 1);
    }

    public static void main(String[] args) throws Exception {
        Path output = Files.createDirectories(Path.of(args[0]));
        Path projectRoot = Path.of(args[1]).toAbsolutePath().normalize();
        Path work = Files.createTempDirectory(output, "exploration-");
        String targetsFile = System.getProperty("exploration.targets", "");
        List<BenchTarget> targets = targetsFile.isBlank()
                ? List.of(BenchTarget.demo(projectRoot, Files.createDirectories(work.resolve("demo-bin"))))
                : BenchTarget.read(Path.of(targetsFile));
        List<String> armNames = Arrays.asList(System.getProperty("exploration.arms", "closure,novelty,tiers,shared-map,afl,hybrid,afl-plain").split(","));
        List<ExplorationArm> arms = ExplorationArm.ALL.stream().filter(arm -> armNames.contains(arm.name())).toList();
        ExplorationBench bench = new ExplorationBench(output);
        ArrayNode results = JsonNodeFactory.instance.arrayNode();
        for (BenchTarget target : targets) {
            results.add(bench.target(target, arms, work.resolve(target.name())));
        }
        JSON.writeValue(output.resolve("exploration-bench.json").toFile(), results);
        bench.figures.put("workers", bench.workers);
        bench.figures.put("budget, s", bench.budget);
        bench.figures.put("runs per arm", bench.runsPerArm);
        BenchmarkRun.now("exploration", bench.figures).record();
    }

    private ObjectNode target(BenchTarget target, List<ExplorationArm> arms, Path directory) throws Exception {
        List<Map<String, ArmRun>> rounds = new ArrayList<>();
        ArrayNode perRound = JsonNodeFactory.instance.arrayNode();
        for (int round = 1; round <= runsPerArm; round++) {
            Map<String, ArmRun> runs = new LinkedHashMap<>();
            for (ExplorationArm arm : arms) {
                if (arm.runsOn(target)) {
                    System.out.printf("exploration: %s, arm %s (%s), %d s budget, run %d of %d ...%n", target.name(),
                            arm.name(), String.join("+", arm.kinds(target)), budget, round, runsPerArm);
                    String name = runsPerArm == 1 ? arm.name() : arm.name() + "-" + round;
                    Path armDirectory = Files.createDirectories(directory.resolve(name));
                    runs.put(arm.name(), arm.outsideFrontier()
                            ? new PlainAflRun(target, workers, budget, checkpoint).run(armDirectory)
                            : run(target, arm, armDirectory));
                }
            }
            ObjectNode result = JsonNodeFactory.instance.objectNode();
            result.put("target", target.name()).put("budgetSeconds", budget).put("workers", workers)
                    .put("checkpointSeconds", checkpoint);
            print(target, runs, result);
            rounds.add(runs);
            perRound.add(result);
        }
        recordFinals(target, rounds);
        if (runsPerArm == 1) {
            return (ObjectNode) perRound.get(0);
        }
        ObjectNode summary = JsonNodeFactory.instance.objectNode();
        summary.put("target", target.name()).put("runsPerArm", runsPerArm).set("runs", perRound);
        new ArmSpread(rounds, budget, checkpoint).print(target.name(), summary);
        return summary;
    }

    /** Each arm's edges at its end, the median over its runs, under the target's and the arm's name. */
    private void recordFinals(BenchTarget target, List<Map<String, ArmRun>> rounds) {
        Map<String, List<Integer>> finals = new LinkedHashMap<>();
        rounds.forEach(runs -> runs.forEach((arm, run) -> finals.computeIfAbsent(arm, name -> new ArrayList<>())
                .add(run.finalEdges())));
        finals.forEach((arm, edges) -> {
            int[] sorted = edges.stream().mapToInt(Integer::intValue).sorted().toArray();
            double median = sorted.length % 2 == 1 ? sorted[sorted.length / 2]
                    : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2.0;
            figures.put("edges at the end, " + target.name() + ", " + arm + " (median)", median);
        });
    }

    private ArmRun run(BenchTarget target, ExplorationArm arm, Path directory) throws Exception {
        Path campaign = directory.resolve("campaign");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), FrontierCommand.class.getName(), "run", campaign.toString(),
                "--coordinators", "1", "--workers", Integer.toString(workers), "--seeds", target.seeds().toString(),
                "--exploration", arm.exploration(), "--budget-time", Integer.toString(budget),
                "--max-time", Integer.toString(budget + 300), "--scratch", directory.resolve("scratch").toString()));
        List<String> kinds = arm.kinds(target);
        for (String kind : kinds) {
            command.addAll(List.of("--executor", executor(target, kind, directory).toString()));
        }
        // A fuzzing session is not one execution: the limit is that of the executions beside it.
        command.addAll(List.of("--time-limit", Long.toString(kinds.contains("afl") ? (aflSeconds + 20) * 1000L : symccLimitMillis)));
        if (arm.triage()) {
            command.addAll(List.of("--triage", triage(target, directory).toString()));
        }
        command.addAll(arm.options());
        CorpusTimeline timeline = new CorpusTimeline(campaign.resolve("corpus"), distinctSeeds(target.seeds()),
                checkpoint * 1000L);
        timeline.start();
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(directory.resolve("run.log").toFile()).start();
        int exit = process.waitFor();
        List<CorpusTimeline.Checkpoint> checkpoints = timeline.finish();
        // 75: stopped at the budget, as every arm whose campaign outlasts it is.
        if (exit != ExitCodes.OK && exit != ExitCodes.STOPPED) {
            throw new IllegalStateException("frontier run exited " + exit + "; see " + directory.resolve("run.log"));
        }
        ShowmapEdges edges = new ShowmapEdges(target.afl(), target.arguments(), Files.createDirectories(directory.resolve("showmap")));
        List<double[]> curve = new ArrayList<>();
        int inputs = 0;
        for (CorpusTimeline.Checkpoint point : checkpoints) {
            inputs += point.added().size();
            curve.add(new double[] {point.seconds(), edges.add(campaign.resolve("corpus"), point.added()), inputs});
        }
        JsonNode summary = JSON.readTree(campaign.resolve("reports").resolve("summary-epoch-1.json").toFile());
        return new ArmRun(arm, curve, summary, status(campaign, directory));
    }

    /** {@code frontier status --json} of the ended campaign, as a user would read it. */
    private static JsonNode status(Path campaign, Path directory) throws Exception {
        Path file = directory.resolve("status.json");
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), FrontierCommand.class.getName(), "status",
                campaign.toString(), "--json").redirectOutput(file.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD);
        // What JAVA_TOOL_OPTIONS starts (a flight recording, an agent) may log on standard output,
        // which is read here as JSON; the campaign's runs keep it, so a profile covers every rank.
        builder.environment().remove("JAVA_TOOL_OPTIONS");
        Process process = builder.start();
        if (process.waitFor() != 0) {
            throw new IllegalStateException("frontier status exited " + process.exitValue() + " for " + campaign);
        }
        return JSON.readTree(file.toFile());
    }

    /** The number of distinct seeds in {@code directory}, each a corpus object once admitted. */
    private static int distinctSeeds(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return (int) files.filter(Files::isRegularFile).map(file -> ContentHasher.hashFile(file).digest()).distinct().count();
        }
    }

    private Path executor(BenchTarget target, String kind, Path directory) throws IOException {
        Path file = directory.resolve(kind + ".json");
        JSON.writeValue(file.toFile(), ExecutorJson.of(target, kind, aflSeconds));
        return file;
    }

    private Path triage(BenchTarget target, Path directory) throws IOException {
        ObjectNode triage = JsonNodeFactory.instance.objectNode().put("program", target.afl().toString());
        ArrayNode arguments = triage.putArray("arguments");
        target.arguments().forEach(arguments::add);
        triage.put("timeoutMillis", 1000);
        Path file = directory.resolve("triage.json");
        JSON.writeValue(file.toFile(), triage);
        return file;
    }

    private void print(BenchTarget target, Map<String, ArmRun> runs, ObjectNode result) {
        System.out.printf("%nexploration: %s, %d workers, %d s budget: edges (afl-showmap -C over the kept corpus)%n",
                target.name(), workers, budget);
        StringBuilder header = new StringBuilder(String.format("%8s", "t [s]"));
        String column = "%" + Math.max(10, runs.keySet().stream().mapToInt(String::length).max().orElse(0) + 2);
        runs.keySet().forEach(name -> header.append(String.format(column + "s", name)));
        System.out.println(header);
        ArrayNode table = result.putArray("checkpoints");
        for (int t = 0; t <= budget; t += checkpoint) {
            StringBuilder row = new StringBuilder(String.format("%8d", t));
            ObjectNode line = table.addObject().put("seconds", t);
            for (ArmRun run : runs.values()) {
                row.append(String.format(column + "d", run.edgesAt(t, checkpoint)));
                line.put(run.arm().name(), run.edgesAt(t, checkpoint));
            }
            System.out.println(row);
        }
        StringBuilder finals = new StringBuilder(String.format("%8s", "final"));
        ObjectNode arms = result.putObject("arms");
        for (ArmRun run : runs.values()) {
            finals.append(String.format(column + "d", run.finalEdges()));
            arms.set(run.arm().name(), run.describe());
        }
        System.out.println(finals);
        runs.values().forEach(run -> System.out.println("  " + run.arm().name() + ": " + run.describe()));
        ArrayNode checks = result.putArray("checks");
        new ExplorationChecks(runs, budget, checkpoint).all().forEach(check -> {
            System.out.println("  check: " + check);
            checks.add(check);
        });
    }
}
