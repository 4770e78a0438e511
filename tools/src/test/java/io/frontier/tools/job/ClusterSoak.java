package io.frontier.tools.job;

import static io.frontier.tools.job.ResumeInvariants.assertFencedEpochWroteNothing;
import static io.frontier.tools.job.ResumeInvariants.assertFinishedExactlyOnce;
import static io.frontier.tools.job.ResumeInvariants.assertIntegrityCommandsClean;
import static io.frontier.tools.job.ResumeInvariants.assertNothingDoneWasRedone;
import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.coordinator.liveness.JobLiveness;
import io.frontier.store.corpus.Digest;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.keyspace.KeyRange;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.KeyValueStores;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.cluster.ClusterNode;
import io.frontier.tools.cluster.EmulatedCluster;
import io.frontier.tools.cluster.FoundationDbCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random cluster faults, resumed until each campaign ends, on an emulated cluster of three nodes:
 * each round creates a campaign whose closure is known exactly (file-contract target, derived
 * children), runs it with its coordinators on node 1 and its workers on nodes 2 and 3, injects
 * one random fault once a random number of items is done, waits for the launcher, resumes on the
 * nodes still alive (after a node loss, without it) until the campaign ends, and checks
 * {@link ResumeInvariants} and {@code manifest verify} / {@code corpus fsck}.
 *
 * <p>Faults: a node lost (every process SIGKILLed; a worker node, which stays out of the
 * round); a node cut off (any node's link down) or stopped (SIGSTOP to any node's processes)
 * for a random hold, then reconnected or continued; mpirun killed with SIGKILL; and, with
 * {@code -Dsoak.store=fdb}, one of three FoundationDB servers killed (restarted after the round).
 * Holds last {@code soak.minHoldSeconds} to {@code soak.maxHoldSeconds} (default 1 to 20) under
 * an execution time limit of {@code soak.timeLimitMillis} (default 90000): jobs of today wait a
 * silent node out, and no execution a hold delays runs out of time (which would change the
 * closure). Holds past the coordinators' overdue bound (time limit plus grace) need issue 37's
 * coordinator handling: e.g. {@code -Dsoak.timeLimitMillis=5000 -Dsoak.minHoldSeconds=70
 * -Dsoak.maxHoldSeconds=120} for a grace of at most 60 s.
 *
 * <p>Not run by default: {@code -Pcluster -Dit.test=ClusterSoak} (see tools/pom.xml and README).
 * Properties: {@code soak.rounds} (default 20), {@code soak.minutes} (default 240, a cap),
 * {@code soak.seed} (default random, printed; a failure names it and the round), the holds and
 * time limit above, {@code soak.store} ({@code sqlite} or {@code fdb}).
 * It prints every round, then the faults of each kind and the times to recover.
 */
@Tag("mpi")
@Tag("cluster")
@Tag("cluster-heavy")
class ClusterSoak {

    /** The faults a round injects, one per round. */
    enum Fault { NODE_LOSS, CUT, STOP, MPIRUN_KILL, STORE_SERVER_KILL }

    private static final String BEAT_MILLIS = "400";
    private static final Duration JOB_END = Duration.ofSeconds(420);
    private static final Duration PRESUMED_DEAD = Duration.ofSeconds(60);
    private static final int MAX_JOBS = 5;

    @TempDir
    Path directory;

    private EmulatedCluster cluster;
    private FoundationDbCluster fdb;

    @AfterEach
    void removeCluster() {
        try {
            if (fdb != null) {
                fdb.close();
            }
        } finally {
            if (cluster != null) {
                cluster.close();
            }
        }
    }

    @Test
    void everyRandomClusterFaultIsResumedToAnExactlyOnceEnd() throws Exception {
        long seed = Long.getLong("soak.seed", System.nanoTime());
        long rounds = Long.getLong("soak.rounds", 20);
        int minHold = Integer.getInteger("soak.minHoldSeconds", 1);
        int maxHold = Math.max(minHold, Integer.getInteger("soak.maxHoldSeconds", 20));
        String timeLimit = Long.toString(Long.getLong("soak.timeLimitMillis", 90_000));
        boolean onFdb = "fdb".equals(System.getProperty("soak.store", "sqlite"));
        long deadline = System.nanoTime() + Duration.ofMinutes(Long.getLong("soak.minutes", 240)).toNanos();
        System.out.printf("cluster soak: seed %d, %d rounds, holds of %d to %d s, time limit %s ms, store %s%n", seed,
                rounds, minHold, maxHold, timeLimit, onFdb ? "FoundationDB (three servers)" : "SQLite");
        cluster = EmulatedCluster.start(directory.resolve("cluster"), 3);
        if (onFdb) {
            fdb = FoundationDbCluster.start(cluster, cluster.nodes(), directory.resolve("fdb"));
        }
        Random random = new Random(seed);
        Map<Fault, Integer> faults = new EnumMap<>(Fault.class);
        List<Long> recoveries = new ArrayList<>();
        int jobs = 0;
        int unfaulted = 0;
        long round = 1;
        for (; round <= rounds && System.nanoTime() < deadline; round++) {
            Round played = new Round(random, Files.createDirectories(directory.resolve("round-" + round)), minHold,
                    maxHold, timeLimit);
            try {
                played.play();
            } catch (AssertionError | Exception e) {
                throw new AssertionError("cluster soak failed in round " + round + " (" + played.plan + "), seed " + seed,
                        e);
            } finally {
                played.cleanUp();
            }
            if (played.fault != null) {
                faults.merge(played.fault, 1, Integer::sum);
            } else {
                unfaulted++;
            }
            recoveries.add(played.recoveryMillis);
            jobs += played.jobs;
            System.out.printf("cluster soak: round %d passed in %d jobs, recovered %.1f s after the fault: %s%n", round,
                    played.jobs, played.recoveryMillis / 1000.0, played.plan);
        }
        List<Long> sorted = recoveries.stream().sorted().toList();
        System.out.printf("cluster soak: seed %d: %d rounds, %d jobs, faults %s, %d rounds ended before their fault;"
                        + " 0 lost, 0 duplicated, integrity clean; time to recover min %.1f s, median %.1f s,"
                        + " max %.1f s%n", seed, round - 1, jobs, faults, unfaulted,
                sorted.get(0) / 1000.0, sorted.get(sorted.size() / 2) / 1000.0, sorted.get(sorted.size() - 1) / 1000.0);
    }

    /** One campaign, one fault, and the resumes to its end. */
    private final class Round {

        private final Random random;
        private final int minHold;
        private final int maxHold;
        private final String timeLimit;
        private final ClusterCampaign campaign;
        private final List<Digest> seeds;
        private final int items;
        private final String storeName;
        String plan;
        Fault fault;
        long recoveryMillis;
        int jobs;
        private ClusterNode held;

        Round(Random random, Path root, int minHold, int maxHold, String timeLimit) throws Exception {
            this.random = random;
            this.minHold = minHold;
            this.maxHold = maxHold;
            this.timeLimit = timeLimit;
            int coordinators = 1 + random.nextInt(2);
            int seedCount = 3 + random.nextInt(5);
            int fanout = 1 + random.nextInt(2);
            String sleep = Integer.toString(200 + 200 * random.nextInt(5));
            this.storeName = fdb != null ? "frontier-soak-" + UUID.randomUUID().toString().substring(0, 8) : "campaign";
            CampaignHarness harness = new CampaignHarness(root, storeName, fdb != null ? fdb.storeUrl() : null,
                    List.of("--children", "derived", "--fanout", Integer.toString(fanout), "--sleep-ms", sleep));
            this.campaign = new ClusterCampaign(harness, cluster, coordinators);
            this.seeds = harness.addSeeds(seedCount);
            this.items = seedCount * (1 + fanout);
            this.plan = String.format("%d coordinators, %d workers, %d items of %s ms", coordinators,
                    campaign.workersOn(cluster.nodes()), items, sleep);
        }

        void play() throws Exception {
            List<ClusterNode> nodes = new ArrayList<>(cluster.nodes());
            List<Fault> kinds = new ArrayList<>(List.of(Fault.NODE_LOSS, Fault.CUT, Fault.STOP, Fault.MPIRUN_KILL));
            if (fdb != null) {
                kinds.add(Fault.STORE_SERVER_KILL);
            }
            fault = kinds.get(random.nextInt(kinds.size()));
            int doneBeforeFault = 1 + random.nextInt(Math.max(1, items / 2));
            LauncherProcess job = campaign.run(nodes, "--heartbeat-interval", BEAT_MILLIS, "--time-limit", timeLimit);
            jobs = 1;
            campaign.harness.await(doneBeforeFault + " items done", JOB_END,
                    () -> !job.running() || campaign.harness.counts().get(Counter.DONE) >= doneBeforeFault);
            long injected = System.nanoTime();
            if (!job.running()) {
                plan += "; the job ended before the fault";
                fault = null;
            } else {
                plan += "; after " + campaign.harness.counts().get(Counter.DONE) + " done, " + inject(nodes, fault);
            }
            int exitCode = job.exitCode(JOB_END);
            assertThat(exitCode).as("exit code of the job hit by %s: %s", fault, job.err())
                    .isIn(ExitCodes.OK, ExitCodes.CONTROL_FAILURE);
            plan += ", exit " + exitCode;
            CampaignLedger last = campaign.harness.ledger();
            CampaignLedger first = last;
            while (!(exitCode == ExitCodes.OK && last.counts().get(Counter.DONE) == items)) {
                assertThat(jobs).as("jobs needed to end the campaign").isLessThan(MAX_JOBS);
                boolean force = !awaitPresumedDead();
                long fence = last.epoch().epoch() + 1;
                LauncherProcess resumed = force
                        ? campaign.resume(nodes, "--heartbeat-interval", BEAT_MILLIS, "--force")
                        : campaign.resume(nodes, "--heartbeat-interval", BEAT_MILLIS);
                jobs++;
                // Processes of the fenced jobs may still run (orphans of a killed mpirun, a node
                // that was cut or stopped): what they wrote counts from the fence on, not from
                // the end of their launcher.
                campaign.harness.await("the resume's fence", JOB_END,
                        () -> !resumed.running() || campaign.harness.store(store -> store.epoch().epoch()) >= fence);
                CampaignLedger fenced = campaign.harness.ledger();
                exitCode = resumed.exitCode(JOB_END);
                assertThat(exitCode).as("exit code of resume %d: %s", jobs - 1, resumed.err())
                        .isIn(ExitCodes.OK, ExitCodes.CONTROL_FAILURE);
                plan += ", resume" + (force ? " --force" : "") + " exit " + exitCode;
                CampaignLedger now = campaign.harness.ledger();
                assertNothingDoneWasRedone(last, now);
                for (long epoch = 1; epoch < now.epoch().epoch(); epoch++) {
                    assertFencedEpochWroteNothing(fenced.footprintOf(epoch, campaign.harness.keys()), now, epoch,
                            campaign.harness.keys());
                }
                last = now;
            }
            recoveryMillis = (System.nanoTime() - injected) / 1_000_000;
            // Processes of a fenced job may linger on a node (a cut or stopped one, or orphans of a
            // killed mpirun); they can write nothing, but a stage tree of theirs would be theirs.
            killJobProcesses();
            if (!campaign.harness.stageDirectories().isEmpty()) {
                LauncherProcess sweep = campaign.resume(nodes, "--heartbeat-interval", BEAT_MILLIS);
                jobs++;
                assertThat(sweep.exitCode(JOB_END)).as(sweep.err()).isEqualTo(ExitCodes.OK);
                plan += ", a sweeping resume";
            }
            assertFinishedExactlyOnce(campaign.harness, seeds, items);
            assertNothingDoneWasRedone(first, campaign.harness.ledger());
            assertIntegrityCommandsClean(campaign.harness);
        }

        /** Injects {@code kind}; drops a lost node from {@code nodes}; returns what it did. */
        private String inject(List<ClusterNode> nodes, Fault kind) throws Exception {
            switch (kind) {
                case NODE_LOSS -> {
                    ClusterNode node = cluster.node(2 + random.nextInt(2));
                    int killed = cluster.faults().kill(node);
                    nodes.remove(node);
                    return "node " + node.index() + " lost (" + killed + " processes killed)";
                }
                case CUT -> {
                    ClusterNode node = cluster.node(1 + random.nextInt(3));
                    int seconds = minHold + random.nextInt(maxHold - minHold + 1);
                    held = node;
                    cluster.faults().cut(node);
                    Thread.sleep(seconds * 1000L);
                    cluster.faults().reconnect(node);
                    held = null;
                    return "node " + node.index() + " cut off for " + seconds + " s";
                }
                case STOP -> {
                    ClusterNode node = cluster.node(1 + random.nextInt(3));
                    int seconds = minHold + random.nextInt(maxHold - minHold + 1);
                    held = node;
                    int stopped = cluster.faults().stop(node).size();
                    Thread.sleep(seconds * 1000L);
                    cluster.faults().continueNode(node);
                    held = null;
                    return "node " + node.index() + " stopped (" + stopped + " processes) for " + seconds + " s";
                }
                case MPIRUN_KILL -> {
                    List<Long> mpiruns = cluster.faults().processesNamed(cluster.node(1), "mpirun");
                    assertThat(mpiruns).as("mpirun on node 1").isNotEmpty();
                    mpiruns.forEach(cluster.faults()::killProcess);
                    return "mpirun killed";
                }
                case STORE_SERVER_KILL -> {
                    ClusterNode server = fdb.nodeWithRole("master").orElse(cluster.node(1 + random.nextInt(3)));
                    fdb.kill(server);
                    return "the FoundationDB server on node " + server.index() + " (master) killed";
                }
                default -> throw new IllegalStateException("no such fault: " + kind);
            }
        }

        /**
         * Waits until the last job is no longer possibly alive; false if it still is after
         * {@link #PRESUMED_DEAD} (a rank orphaned by a killed mpirun that keeps root beating).
         */
        private boolean awaitPresumedDead() throws InterruptedException {
            long deadline = System.nanoTime() + PRESUMED_DEAD.toNanos();
            while (campaign.harness.liveness() instanceof JobLiveness.MaybeAlive) {
                if (System.nanoTime() > deadline) {
                    return false;
                }
                Thread.sleep(100);
            }
            return true;
        }

        /** Kills every process on every node but the store's servers. */
        private void killJobProcesses() {
            for (ClusterNode node : cluster.nodes()) {
                cluster.faults().kill(node, fdb == null ? Set.of() : fdb.serverProcesses());
            }
        }

        /** Leaves the cluster as the next round needs it: every node plugged in, running, empty; every server up. */
        void cleanUp() throws Exception {
            if (held != null) {
                cluster.faults().reconnect(held);
                cluster.faults().continueNode(held);
            }
            killJobProcesses();
            if (fdb != null) {
                fdb.restartDead();
                KeyRange all = campaign.harness.keys().all();
                try (KeyValueStore kv = KeyValueStores.open(fdb.storeUrl())) {
                    kv.run(tx -> {
                        tx.clearRange(all.begin(), all.end());
                        return null;
                    });
                }
            }
        }
    }
}
