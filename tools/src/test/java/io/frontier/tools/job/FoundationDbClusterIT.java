package io.frontier.tools.job;

import static io.frontier.tools.job.ResumeInvariants.assertFinishedExactlyOnce;
import static io.frontier.tools.job.ResumeInvariants.assertIntegrityCommandsClean;
import static io.frontier.tools.job.ResumeInvariants.assertNothingDoneWasRedone;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.abort;

import io.frontier.store.corpus.Digest;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.keyspace.KeyRange;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.KeyValueStores;
import io.frontier.store.kv.StoreException;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.cluster.ClusterNode;
import io.frontier.tools.cluster.EmulatedCluster;
import io.frontier.tools.cluster.FoundationDbCluster;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign on a FoundationDB cluster of three servers, one on each node of an emulated cluster
 * ({@code double} redundancy), with two coordinators on node 1 and four workers on nodes 2 and
 * 3. Mid-campaign the server holding the cluster's master role (whose death forces a recovery of
 * the transaction system) is killed with SIGKILL. The job carries on, or ends with exit 70 and a
 * resume finishes it; every item ends exactly once, nothing done is redone, and the corpus and
 * manifest check clean. Skipped, with the reason, where FoundationDB's server or client is missing.
 */
@Tag("mpi")
@Tag("fdb")
@Tag("cluster")
@Tag("cluster-heavy")
@Timeout(1200)
class FoundationDbClusterIT {

    private static final String BEAT_MILLIS = "400";
    private static final Duration JOB_END = Duration.ofSeconds(420);
    private static final Duration PRESUMED_DEAD = Duration.ofSeconds(30);

    @TempDir
    Path directory;

    private EmulatedCluster cluster;
    private FoundationDbCluster fdb;
    private CampaignHarness harness;

    @AfterEach
    void removeCluster() {
        try {
            if (fdb != null && harness != null) {
                KeyRange all = harness.keys().all();
                try (KeyValueStore kv = KeyValueStores.open(fdb.storeUrl())) {
                    kv.run(tx -> {
                        tx.clearRange(all.begin(), all.end());
                        return null;
                    });
                }
            }
        } finally {
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
    }

    @Test
    void aServerKilledMidCampaignLosesNothingAndRunsNothingTwice() throws Exception {
        if (FoundationDbCluster.binaries().isEmpty()) {
            abort("FoundationDB cluster skipped: fdbserver and fdbcli not found (set FDBSERVER and FDBCLI, put them"
                    + " on the PATH, or install FoundationDB's server package)");
        }
        cluster = EmulatedCluster.start(directory.resolve("cluster"), 3);
        fdb = FoundationDbCluster.start(cluster, cluster.nodes(), directory.resolve("fdb"));
        try {
            KeyValueStores.open(fdb.storeUrl()).close();
        } catch (StoreException e) {
            abort("FoundationDB cluster skipped: the client library cannot be used: " + e.getMessage() + " " + e.context());
        }
        harness = new CampaignHarness(directory, "frontier-it-" + UUID.randomUUID().toString().substring(0, 8),
                fdb.storeUrl(), List.of("--children", "derived", "--fanout", "2", "--sleep-ms", "1000"));
        ClusterCampaign campaign = new ClusterCampaign(harness, cluster, 2);
        List<Digest> seeds = harness.addSeeds(20);
        int items = seeds.size() * 3;
        LauncherProcess job = campaign.run(cluster.nodes(), "--heartbeat-interval", BEAT_MILLIS);
        harness.await("ten items done", JOB_END, () -> {
            if (!job.running()) {
                throw new AssertionError("the job ended before ten items were done");
            }
            return harness.counts().get(Counter.DONE) >= 10;
        });

        ClusterNode killed = fdb.nodeWithRole("master").orElse(cluster.node(2));
        CampaignLedger beforeKill = harness.ledger();
        fdb.kill(killed);
        long killedAt = System.nanoTime();
        int exitCode = job.exitCode(JOB_END);
        System.out.printf("FoundationDB: the server on %s (master) killed; the job exited %d after %d ms%n", killed,
                exitCode, (System.nanoTime() - killedAt) / 1_000_000);
        assertThat(exitCode).as(job.err()).isIn(ExitCodes.OK, ExitCodes.CONTROL_FAILURE);
        if (exitCode == ExitCodes.CONTROL_FAILURE) {
            harness.awaitPresumedDead(PRESUMED_DEAD);
            LauncherProcess resumed = campaign.resume(cluster.nodes(), "--heartbeat-interval", BEAT_MILLIS);
            assertThat(resumed.exitCode(JOB_END)).as(resumed.err()).isEqualTo(ExitCodes.OK);
        }

        assertFinishedExactlyOnce(harness, seeds, items);
        assertNothingDoneWasRedone(beforeKill, harness.ledger());
        assertIntegrityCommandsClean(harness);
    }
}
