package io.frontier.coordinator.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.frontier.store.exploration.Exploration;
import io.frontier.store.exploration.ExplorationPolicy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * One run of the coordinator benchmark in this JVM: a fresh campaign with enough seeds, a first
 * job that primes the edge map (one of its RESULTs carries a child that reaches every tuple an
 * ordinary input reaches) and warms the JIT, then the measured job in the next epoch, as after
 * {@code frontier resume}. Prints one line {@code RESULT <json>} with what the measured job did.
 */
final class CoordinatorRun {

    static final String RESULT_PREFIX = "RESULT ";
    private static final ObjectMapper JSON = new ObjectMapper();

    private CoordinatorRun() {
    }

    static void run(RunPlan plan, Path directory) throws Exception {
        String name = plan.backend().equals("fdb") ? "bench-" + UUID.randomUUID().toString().substring(0, 8) : "bench";
        String url = plan.backend().equals("sqlite") ? "sqlite:" + directory.resolve("campaign.db") : plan.storeUrl();
        TargetModel target = new TargetModel(plan.seed());
        ChildMix mix = new ChildMix(target, plan.seed());
        Map<String, Object> figures = new LinkedHashMap<>();
        try (BenchCampaign campaign = BenchCampaign.create(directory, url, name, policy(plan.exploration()))) {
            try {
                campaign.admitSeeds((int) (plan.warmup() + plan.executions()) + 64 * plan.coordinators());
                CoordinatorJob job = new CoordinatorJob(campaign, plan.coordinators(), plan.workers(),
                        plan.durableStage(), directory.resolve("logs"));
                ChildMix.Child primer = plan.workload().hasChildren() ? primer(target) : null;
                job.run("warmup", plan.workload(), mix, plan.warmup(), primer, () -> { }, () -> { });
                campaign.nextJob();
                FlightProfile profile = plan.profile() ? new FlightProfile(directory.resolve(plan.label() + ".jfr")) : null;
                String loadBefore = loadAverage();
                CoordinatorJob.Ran ran = job.run("measured", plan.workload(), mix, plan.executions(), null,
                        profile == null ? () -> { } : profile::start, profile == null ? () -> { } : profile::stop);
                figures.putAll(figures(plan, ran));
                figures.put("loadAverageBefore", loadBefore);
                figures.put("loadAverageAfter", loadAverage());
                if (profile != null) {
                    figures.put("profile", profile.summary());
                }
            } finally {
                if (plan.backend().equals("fdb")) {
                    campaign.clearRecords();
                }
            }
        }
        System.out.println(RESULT_PREFIX + JSON.writeValueAsString(figures));
    }

    /** The child that primes the edge map: every tuple an ordinary input reaches. */
    private static ChildMix.Child primer(TargetModel target) {
        byte[] bytes = "bench primer: reaches every base tuple\n".getBytes(StandardCharsets.US_ASCII);
        return new ChildMix.Child(bytes, target.primer(), null, ChildMix.Role.NOVEL);
    }

    private static ExplorationPolicy policy(String exploration) {
        return switch (exploration) {
            case "tiers-full" -> ExplorationPolicy.DEFAULT.withCap(0, 0);
            case "tiers" -> ExplorationPolicy.DEFAULT;
            case "novelty" -> ExplorationPolicy.DEFAULT.withMode(Exploration.NOVELTY);
            default -> throw new IllegalArgumentException("exploration is tiers-full, tiers or novelty: " + exploration);
        };
    }

    private static Map<String, Object> figures(RunPlan plan, CoordinatorJob.Ran ran) {
        Window.Figures window = ran.window();
        CpuSample cpu = window.cpu();
        double seconds = window.seconds();
        long executions = ran.executions();
        long children = ran.children();
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("label", plan.label());
        figures.put("backend", plan.backend());
        figures.put("workload", plan.workload().label());
        figures.put("coordinators", plan.coordinators());
        figures.put("workersPerCoordinator", plan.workers());
        figures.put("exploration", plan.exploration());
        figures.put("durableStage", plan.durableStage());
        figures.put("executions", executions);
        figures.put("resultsAnswered", ran.results());
        figures.put("seconds", seconds);
        figures.put("executionsPerSecond", executions / seconds);
        figures.put("childrenCommitted", children);
        figures.put("childrenPerSecond", children / seconds);
        figures.put("redundantChildren", ran.roles().get(ChildMix.Role.REDUNDANT));
        figures.put("novelChildren", ran.roles().get(ChildMix.Role.NOVEL));
        figures.put("findingChildren", ran.roles().get(ChildMix.Role.FINDING));
        figures.put("coordinatorCpuSeconds", cpu.coordinatorNanos() / 1e9);
        figures.put("coordinatorCoresBusy", cpu.coordinatorNanos() / 1e9 / seconds);
        figures.put("coordinatorCpuMicrosPerExecution", cpu.coordinatorNanos() / 1e3 / executions);
        figures.put("coordinatorCpuMicrosPerChild", children == 0 ? null : cpu.coordinatorNanos() / 1e3 / children);
        figures.put("loopThreadCpuSeconds", cpu.loopNanos() / 1e9);
        figures.put("loopThreadCpuMicrosPerExecution", cpu.loopNanos() / 1e3 / executions);
        figures.put("gcAndVmThreadsCpuSeconds", cpu.jvmSeconds("gc"));
        figures.put("jitThreadsCpuSeconds", cpu.jvmSeconds("jit"));
        figures.put("workerThreadsCpuSeconds", cpu.workerNanos() / 1e9);
        figures.put("processCpuSeconds", cpu.processNanos() / 1e9);
        figures.put("corpusFsyncs", window.corpusFsyncs());
        figures.put("corpusFsyncsPerExecution", (double) window.corpusFsyncs() / executions);
        StoreTraffic store = window.store();
        figures.put("storeTransactionsPerExecution", (double) store.transactions() / executions);
        figures.put("storeReadOnlyTransactionsPerExecution", (double) store.readOnlyTransactions() / executions);
        figures.put("storeKeysReadPerExecution", (double) store.keysRead() / executions);
        figures.put("storeKeysWrittenPerExecution", (double) store.keysWritten() / executions);
        figures.put("storeBytesWrittenPerExecution", (double) store.bytesWritten() / executions);
        figures.put("windowStartMicros", window.startMicros());
        figures.put("windowEndMicros", window.endMicros());
        Map<String, Long> counts = new TreeMap<>();
        ran.coordinatorCounts().forEach(rank -> rank.forEach((key, value) -> counts.merge(key, value, Long::sum)));
        figures.put("coordinatorCounts", counts);
        return figures;
    }

    static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
            return String.join(" ", List.of(fields[0], fields[1], fields[2]));
        } catch (Exception e) {
            return "unknown";
        }
    }
}
