package io.frontier.tools.job;

import static io.frontier.tools.job.ResumeInvariants.assertFinishedExactlyOnce;
import static io.frontier.tools.job.ResumeInvariants.assertIntegrityCommandsClean;
import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.corpus.Digest;
import io.frontier.store.keyspace.Counter;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.cluster.ClusterNode;
import io.frontier.tools.cluster.EmulatedCluster;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A worker node that falls silent for longer than the coordinators wait for an overdue
 * assignment, on an emulated cluster of three: two coordinators on node 1 (with the SQLite
 * store), four workers on nodes 2 and 3, sixty one-second executions under a time limit of 5 s.
 * Node 3 is cut off (its link down) or stopped (SIGSTOP to every process) mid-campaign and kept
 * so until the launcher exits. The job must not wait for it: within {@link #BOUND} of the fault
 * it finishes every item on the other nodes (exit 0), or ends with exit 70 and a resume on nodes
 * 1 and 2 finishes them. Either way every item ends exactly once and nothing of the silent node
 * ever commits.
 *
 * <p>After the job, node 3's processes are killed, and a last resume runs if the silent workers
 * left a stage tree in the job's epoch: a written-off worker never acknowledges shutdown, so its
 * epoch's tree is swept by the next job (see StageJanitor), not by its own.
 */
@Tag("mpi")
@Tag("cluster")
@Tag("cluster-heavy")
@Timeout(1200)
class SilentNodeIT {

    private static final String BEAT_MILLIS = "400";
    private static final Duration TIME_LIMIT = Duration.ofSeconds(5);
    /**
     * The most a coordinator may take, past an assignment's time limit, to stop waiting for its
     * worker: the grace, which for a limit of 5 s is its floor (OverdueWatch.GRACE_FLOOR), and the
     * second between two looks for overdue assignments.
     */
    private static final Duration OVERDUE_GRACE = Duration.ofSeconds(31);
    /** Sixty one-second executions on the two workers left, with room for slow JVMs on a shared machine. */
    private static final Duration REMAINING_WORK = Duration.ofSeconds(90);
    /** How long after the fault the launcher must have exited. */
    private static final Duration BOUND = TIME_LIMIT.plus(OVERDUE_GRACE).plus(REMAINING_WORK);
    private static final Duration JOB_END = Duration.ofSeconds(300);
    private static final Duration PRESUMED_DEAD = Duration.ofSeconds(30);

    @TempDir
    Path directory;

    private EmulatedCluster cluster;

    @AfterEach
    void removeCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aWorkerNodeCutOffPastTheBoundLeavesItsItemsToTheOtherNodes() throws Exception {
        silencedPastTheBound("cut off", node -> cluster.faults().cut(node), node -> cluster.faults().reconnect(node));
    }

    @Test
    void aStoppedWorkerNodeLeavesItsItemsToTheOtherNodes() throws Exception {
        silencedPastTheBound("stopped", node -> cluster.faults().stop(node),
                node -> cluster.faults().continueNode(node));
    }

    private void silencedPastTheBound(String fault, Consumer<ClusterNode> silence, Consumer<ClusterNode> restore)
            throws Exception {
        cluster = EmulatedCluster.start(directory.resolve("cluster"), 3);
        ClusterCampaign campaign = new ClusterCampaign(new CampaignHarness(directory,
                List.of("--children", "derived", "--fanout", "2", "--sleep-ms", "1000")), cluster, 2);
        List<Digest> seeds = campaign.harness.addSeeds(20);
        int items = seeds.size() * 3;
        ClusterNode silent = cluster.node(3);
        List<ClusterNode> left = List.of(cluster.node(1), cluster.node(2));
        LauncherProcess job = campaign.run(cluster.nodes(), "--heartbeat-interval", BEAT_MILLIS,
                "--time-limit", Long.toString(TIME_LIMIT.toMillis()));
        campaign.harness.await("ten items done", JOB_END, () -> {
            if (!job.running()) {
                throw new AssertionError("the job ended before ten items were done");
            }
            return campaign.harness.counts().get(Counter.DONE) >= 10;
        });

        long doneWhenSilenced = campaign.harness.counts().get(Counter.DONE);
        long silenced = System.nanoTime();
        silence.accept(silent);
        int exitCode;
        try {
            exitCode = job.exitCode(BOUND);
        } finally {
            System.out.printf("node %s: %d of %d items done when it fell silent, %d after %d s%n", fault,
                    doneWhenSilenced, items, campaign.harness.counts().get(Counter.DONE),
                    (System.nanoTime() - silenced) / 1_000_000_000);
            // Killed before it is restored, so that nothing it finished meanwhile reaches the campaign late.
            cluster.faults().kill(silent);
            restore.accept(silent);
        }
        long exitMillis = (System.nanoTime() - silenced) / 1_000_000;
        System.out.printf("node %s: the launcher exited %d after %d ms (bound %d s)%n", fault, exitCode, exitMillis,
                BOUND.toSeconds());
        assertThat(exitCode).as(job.err()).isIn(ExitCodes.OK, ExitCodes.CONTROL_FAILURE);

        if (exitCode == ExitCodes.CONTROL_FAILURE) {
            campaign.harness.awaitPresumedDead(PRESUMED_DEAD);
            LauncherProcess resumed = campaign.resume(left, "--heartbeat-interval", BEAT_MILLIS);
            assertThat(resumed.exitCode(JOB_END)).as(resumed.err()).isEqualTo(ExitCodes.OK);
        } else {
            assertThat(campaign.harness.counts().get(Counter.DONE)).as("items done by the job that went on without %s",
                    silent).isEqualTo(items);
        }
        if (!campaign.harness.stageDirectories().isEmpty()) {
            LauncherProcess sweep = campaign.resume(left, "--heartbeat-interval", BEAT_MILLIS);
            assertThat(sweep.exitCode(JOB_END)).as(sweep.err()).isEqualTo(ExitCodes.OK);
        }
        assertFinishedExactlyOnce(campaign.harness, seeds, items);
        assertIntegrityCommandsClean(campaign.harness);
    }
}
