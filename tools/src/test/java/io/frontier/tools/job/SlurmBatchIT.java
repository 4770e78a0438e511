package io.frontier.tools.job;

import static io.frontier.tools.job.ResumeInvariants.assertFinishedExactlyOnce;
import static io.frontier.tools.job.ResumeInvariants.assertIntegrityCommandsClean;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.frontier.store.corpus.Digest;
import io.frontier.store.keyspace.Counter;
import io.frontier.tools.CommandRun;
import io.frontier.tools.FrontierCommand;
import io.frontier.tools.cluster.ClusterNode;
import io.frontier.tools.cluster.EmulatedCluster;
import io.frontier.tools.cluster.HostCommand;
import io.frontier.tools.cluster.SlurmCluster;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repository's Slurm batch script, {@code scripts/slurm/frontier.sbatch} (the one the
 * README shows), run for real by Slurm from the distribution's packages on an emulated cluster:
 * slurmctld and MUNGE on node 4, a slurmd on each of nodes 1 to 3, two ranks per node, the
 * campaign (two coordinators, SQLite store) on the shared filesystem. mpirun inside the
 * allocation starts its daemons with srun, as on a real cluster.
 *
 * <ul>
 *   <li>A node lost (every process of node 3, its slurmd included, killed): Slurm declares it
 *       down and requeues the job ({@code --requeue}); the script resumes on nodes 1 and 2 and
 *       the campaign finishes, every item exactly once.</li>
 *   <li>The time-limit warning ({@code --signal=B:USR1@N}) drains the job through
 *       {@code frontier stop} before Slurm's hard kill, and the script requeues itself; the next
 *       allocation finishes the campaign, every item exactly once.</li>
 * </ul>
 */
@Tag("mpi")
@Tag("cluster")
@Tag("cluster-heavy")
@Timeout(1800)
class SlurmBatchIT {

    private static final Duration CAMPAIGN_END = Duration.ofMinutes(15);

    @TempDir
    Path directory;

    private EmulatedCluster cluster;
    private SlurmCluster slurm;
    private CampaignHarness harness;

    @BeforeEach
    void startSlurm() throws Exception {
        cluster = EmulatedCluster.start(directory.resolve("cluster"), 4);
        slurm = SlurmCluster.start(cluster, cluster.node(4), computeNodes(), directory.resolve("slurm"));
    }

    @AfterEach
    void removeCluster() {
        try {
            if (slurm != null) {
                slurm.close();
            }
        } finally {
            if (cluster != null) {
                cluster.close();
            }
        }
    }

    private List<ClusterNode> computeNodes() {
        return List.of(cluster.node(1), cluster.node(2), cluster.node(3));
    }

    @Test
    void aJobThatLostANodeIsRequeuedAndTheScriptResumesTheCampaignOnTheNodesLeft() throws Exception {
        List<Digest> seeds = createCampaign(20, "1000", "20000");
        int items = seeds.size() * 3;
        String job = submit("--time=30");
        awaitJob(job, "ten items done", fields -> harness.counts().get(Counter.DONE) >= 10);
        assertThat(slurm.nodesOf(job)).as("the first allocation").contains(cluster.node(3).name());

        int killed = cluster.faults().kill(cluster.node(3));
        System.out.printf("slurm: %d processes of %s killed%n", killed, cluster.node(3));
        awaitJob(job, "the job to end", fields -> isFinished(fields.get("JobState")));

        Map<String, String> ended = slurm.job(job);
        assertThat(ended.get("JobState")).as("the job, after its requeue: %s\n%s", ended, log(job)).isEqualTo("COMPLETED");
        assertThat(ended.get("ExitCode")).as("the script's exit status").isEqualTo("0:0");
        assertThat(Integer.parseInt(ended.get("Restarts"))).as("requeues after the node was lost").isGreaterThanOrEqualTo(1);
        assertThat(slurm.nodesOf(job)).as("the last allocation").doesNotContain(cluster.node(3).name());
        assertThat(slurm.nodeState(cluster.node(3))).as("the lost node's state").startsWith("down");
        assertThat(log(job)).contains("the campaign is quiescent");
        assertFinishedExactlyOnce(harness, seeds, items);
        assertIntegrityCommandsClean(harness);
    }

    @Test
    void theTimeLimitWarningDrainsTheJobWithFrontierStopAndTheRequeuedJobFinishesTheCampaign() throws Exception {
        // 160 executions of 4 s on four workers take 160 s: the first allocation cannot finish
        // before its warning, which comes 60 to 120 s after it starts (4 minutes, warned 120 s
        // before the end, and Slurm may warn up to 60 s early).
        List<Digest> seeds = createCampaign(80, "4000", "20000");
        int items = seeds.size() * 2;
        String job = submit("--time=4", "--signal=B:USR1@120");

        awaitJob(job, "the first allocation's job to drain", fields -> drainedSummary().isPresent());
        JsonNode drained = drainedSummary().orElseThrow();
        System.out.printf("slurm: drained: %s%n", drained.path("reason").asText());
        assertThat(drained.path("exitCode").asInt()).as("the drained job's verdict: stopped, resumable")
                .isEqualTo(75);
        assertThat(drained.path("reason").asText()).contains("frontier stop");
        // Once the script has requeued the job, the next allocation gets the time to finish.
        awaitJob(job, "the script to requeue the job", fields -> Integer.parseInt(fields.get("Restarts")) >= 1);
        HostCommand.Result longer = slurm.client(List.of("scontrol", "update", "JobId=" + job, "TimeLimit=20"));
        assertThat(longer.exitCode()).as(longer.output()).isZero();
        awaitJob(job, "the job to end", fields -> isFinished(fields.get("JobState")));

        Map<String, String> ended = slurm.job(job);
        assertThat(ended.get("JobState")).as("the job: %s\n%s", ended, log(job)).isEqualTo("COMPLETED");
        assertThat(log(job)).contains("time limit near (SIGUSR1): draining the job with frontier stop",
                "drained at the time limit: requeueing", "the campaign is quiescent");
        assertThat(log(job)).doesNotContain("DUE TO TIME LIMIT");
        assertFinishedExactlyOnce(harness, seeds, items);
        assertIntegrityCommandsClean(harness);
    }

    /**
     * Creates the campaign (two coordinators, children derived one per seed or two per seed)
     * with {@code frontier init}; returns its seeds.
     */
    private List<Digest> createCampaign(int seedCount, String sleepMillis, String timeLimitMillis) throws IOException {
        int fanout = seedCount > 40 ? 1 : 2;
        harness = new CampaignHarness(directory, List.of("--children", "derived", "--fanout", Integer.toString(fanout),
                "--sleep-ms", sleepMillis));
        List<Digest> seeds = harness.addSeeds(seedCount);
        CommandRun init = CommandRun.of("init", harness.campaign.toString(), "--seeds", harness.seeds.toString(),
                "--executor", harness.executor.toString(), "--scratch", directory.resolve("scratch").toString(),
                "--coordinators", "2", "--time-limit", timeLimitMillis);
        assertThat(init.exitCode()).as("frontier init: %s", init).isZero();
        return seeds;
    }

    /** Submits the repository's batch script for the campaign: whole nodes, two or three, two ranks on each. */
    private String submit(String... options) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("--requeue", "--nodes=2-3", "--exclusive",
                "--output=" + directory.resolve("slurm-%j.log"), "--open-mode=append"));
        args.addAll(List.of(options));
        args.add(batchScript().toString());
        args.add(harness.campaign.toString());
        args.addAll(List.of("--heartbeat-interval", "1000"));
        return slurm.submit(args, Map.of("FRONTIER", frontierCommand().toString(), "FRONTIER_RANKS_PER_NODE", "2",
                "FRONTIER_WAIT_SECONDS", "120",
                "OMPI_MCA_btl_tcp_if_include", cluster.subnet(), "OMPI_MCA_oob_tcp_if_include", cluster.subnet()));
    }

    /** The batch script of this checkout: {@code scripts/slurm/frontier.sbatch} above the module. */
    private static Path batchScript() {
        Path checkout = Path.of(System.getProperty("basedir", ".")).toAbsolutePath();
        while (checkout != null && !Files.isRegularFile(checkout.resolve("scripts/slurm/frontier.sbatch"))) {
            checkout = checkout.getParent();
        }
        assertThat(checkout).as("a directory above the module holding scripts/slurm/frontier.sbatch").isNotNull();
        return checkout.resolve("scripts/slurm/frontier.sbatch");
    }

    /** A {@code frontier} command for the batch script: this JVM's classpath, as bin/frontier runs the built jar. */
    private Path frontierCommand() throws IOException {
        Path command = directory.resolve("frontier");
        Files.writeString(command, "#!/bin/sh\nexec '" + Path.of(System.getProperty("java.home"), "bin", "java")
                + "' -cp '" + System.getProperty("java.class.path") + "' " + FrontierCommand.class.getName() + " \"$@\"\n",
                StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(command, PosixFilePermissions.fromString("rwxr-xr-x"));
        return command;
    }

    private interface JobCondition {
        boolean holds(Map<String, String> fields) throws Exception;
    }

    /** Polls the job every second until {@code condition} holds; fails with the job and its log after {@link #CAMPAIGN_END}. */
    private void awaitJob(String job, String what, JobCondition condition) throws Exception {
        long deadline = System.nanoTime() + CAMPAIGN_END.toNanos();
        while (true) {
            Map<String, String> fields = slurm.job(job);
            boolean holds;
            try {
                holds = condition.holds(fields);
            } catch (RuntimeException notYet) {
                // The store is created by the job itself, or busy.
                holds = false;
            }
            if (holds) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + CAMPAIGN_END + " waiting for " + what + "; job: " + fields
                        + "\n" + log(job));
            }
            Thread.sleep(1000);
        }
    }

    private static boolean isFinished(String state) {
        return List.of("COMPLETED", "FAILED", "CANCELLED", "TIMEOUT", "NODE_FAIL", "OUT_OF_MEMORY").contains(state);
    }

    /** The first job summary whose reason says it stopped on request, if one was written. */
    private java.util.Optional<JsonNode> drainedSummary() throws IOException {
        Path reports = harness.campaign.resolve("reports");
        if (!Files.isDirectory(reports)) {
            return java.util.Optional.empty();
        }
        try (Stream<Path> summaries = Files.list(reports)) {
            for (Path summary : summaries.filter(file -> file.getFileName().toString().startsWith("summary-epoch-")).sorted()
                    .toList()) {
                JsonNode node = new com.fasterxml.jackson.databind.ObjectMapper().readTree(summary.toFile());
                if (node.path("reason").asText().contains("stopped on request")) {
                    return java.util.Optional.of(node);
                }
            }
        }
        return java.util.Optional.empty();
    }

    private String log(String job) throws IOException {
        Path log = directory.resolve("slurm-" + job + ".log");
        return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "(no log " + log + ")";
    }
}
