package io.frontier.tools.job;

import static io.frontier.tools.job.ResumeInvariants.assertFencedEpochWroteNothing;
import static io.frontier.tools.job.ResumeInvariants.assertFinishedExactlyOnce;
import static io.frontier.tools.job.ResumeInvariants.assertIntegrityCommandsClean;
import static io.frontier.tools.job.ResumeInvariants.assertNothingDoneWasRedone;
import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.corpus.Digest;
import io.frontier.store.keyspace.Counter;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.cluster.EmulatedCluster;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node lost for real on an emulated cluster of three: two coordinators on node 1 (with the
 * campaign's SQLite store), four workers on nodes 2 and 3, sixty one-second executions; every
 * process of node 3 is killed with SIGKILL mid-campaign. The launcher must end with exit 70 soon
 * after, and {@code frontier resume} on nodes 1 and 2 must finish every item exactly once.
 */
@Tag("mpi")
@Tag("cluster")
@Timeout(900)
class NodeLossIT {

    private static final String BEAT_MILLIS = "400";
    /** How soon after the node's loss its launcher must have exited; mpirun ends the job about 2 s after. */
    private static final Duration EXIT_AFTER_LOSS = Duration.ofSeconds(60);
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
    void aLostWorkerNodeEndsTheJobWithExit70AndAResumeOnTheNodesLeftFinishesEveryItemOnce() throws Exception {
        cluster = EmulatedCluster.start(directory.resolve("cluster"), 3);
        ClusterCampaign campaign = new ClusterCampaign(new CampaignHarness(directory,
                List.of("--children", "derived", "--fanout", "2", "--sleep-ms", "1000")), cluster, 2);
        List<Digest> seeds = campaign.harness.addSeeds(20);
        int items = seeds.size() * 3;
        LauncherProcess job = campaign.run(cluster.nodes(), "--heartbeat-interval", BEAT_MILLIS);
        campaign.harness.await("ten items done", JOB_END, () -> {
            if (!job.running()) {
                throw new AssertionError("the job ended before ten items were done");
            }
            return campaign.harness.counts().get(Counter.DONE) >= 10;
        });

        long lost = System.nanoTime();
        int killed = cluster.faults().kill(cluster.node(3));
        int exitCode = job.exitCode(EXIT_AFTER_LOSS);
        long exitMillis = (System.nanoTime() - lost) / 1_000_000;
        System.out.printf("node loss: %d processes of %s killed; the launcher exited %d after %d ms%n", killed,
                cluster.node(3), exitCode, exitMillis);

        assertThat(killed).as("processes on node 3: Open MPI's daemon and two workers at least").isGreaterThanOrEqualTo(3);
        assertThat(exitCode).as(job.err()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(job.err()).contains("a rank died or was killed", "frontier resume");
        CampaignLedger atLoss = campaign.harness.ledger();
        assertThat(atLoss.counts().get(Counter.DONE)).as("items done before the loss").isLessThan(items);
        Map<String, String> fenced = atLoss.footprintOf(1, campaign.harness.keys());

        campaign.harness.awaitPresumedDead(PRESUMED_DEAD);
        LauncherProcess resumed = campaign.resume(List.of(cluster.node(1), cluster.node(2)),
                "--heartbeat-interval", BEAT_MILLIS);
        assertThat(resumed.exitCode(JOB_END)).as(resumed.err()).isEqualTo(ExitCodes.OK);
        assertThat(resumed.err()).contains("epoch 2: 2 coordinators, 2 workers");

        CampaignLedger end = campaign.harness.ledger();
        assertFinishedExactlyOnce(campaign.harness, seeds, items);
        assertNothingDoneWasRedone(atLoss, end);
        assertFencedEpochWroteNothing(fenced, end, 1, campaign.harness.keys());
        assertIntegrityCommandsClean(campaign.harness);
        assertThat(cluster.faults().processes(cluster.node(3))).as("processes on the lost node").isEmpty();
    }
}
