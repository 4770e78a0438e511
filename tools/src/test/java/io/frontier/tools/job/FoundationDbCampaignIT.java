package io.frontier.tools.job;

import static io.frontier.tools.job.ResumeInvariants.assertFencedEpochWroteNothing;
import static io.frontier.tools.job.ResumeInvariants.assertFinishedExactlyOnce;
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
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign across processes on FoundationDB: {@code frontier run --store fdb:<cluster file>}
 * with four coordinators, one of them killed with SIGKILL while the campaign runs, then
 * {@code frontier resume} to the end. The store, corpus and directory must show what
 * {@link ResumeMatrixIT} checks after every crash: every item executed and completed exactly
 * once, nothing done redone, and no write by the fenced job after the fence.
 *
 * <p>Runs against the cluster {@code FDB_CLUSTER_FILE} names and is reported skipped, with the
 * reason, without one. {@code frontier run} keeps a campaign under FoundationDB's campaign prefix
 * and the campaign directory's name, so the campaign here is named {@code frontier-it-<random>},
 * and its keys are cleared afterwards.
 */
@Tag("mpi")
@Tag("fdb")
@Timeout(600)
class FoundationDbCampaignIT {

    private static final String BEAT_MILLIS = "400";
    private static final Duration PRESUMED_DEAD = Duration.ofSeconds(20);
    private static final Duration JOB_END = Duration.ofSeconds(240);
    private static final int COORDINATORS = 4;
    /** The coordinator killed: neither root nor the last one. */
    private static final int KILLED_RANK = 2;

    @TempDir
    Path directory;

    private String store;
    private CampaignHarness harness;

    @BeforeEach
    void findTheCluster() {
        String clusterFile = System.getenv("FDB_CLUSTER_FILE");
        if (clusterFile == null) {
            abort("FoundationDB campaign skipped: FDB_CLUSTER_FILE is not set");
        }
        store = "fdb:" + Path.of(clusterFile).toAbsolutePath();
        try {
            // Opening loads the native client and contacts nothing: a cluster that is named but
            // does not answer fails the test instead of skipping it.
            KeyValueStores.open(store).close();
        } catch (StoreException e) {
            abort("FoundationDB campaign skipped: " + e.getMessage() + " " + e.context());
        }
    }

    @AfterEach
    void clearCampaign() throws InterruptedException {
        JobProcesses.killLeftovers();
        if (harness != null) {
            KeyRange all = harness.keys().all();
            try (KeyValueStore kv = KeyValueStores.open(store)) {
                kv.run(tx -> {
                    tx.clearRange(all.begin(), all.end());
                    return null;
                });
            }
        }
    }

    @Test
    void aCoordinatorKilledMidCampaignIsResumedToTheEndExactlyOnce() throws Exception {
        harness = new CampaignHarness(directory, "frontier-it-" + UUID.randomUUID().toString().substring(0, 8), store,
                List.of("--children", "derived", "--fanout", "2", "--sleep-ms", "300"));
        List<Digest> seeds = harness.addSeeds(8);
        int items = seeds.size() * 3;
        CompletableFuture<CampaignHarness.Run> job = harness.startRun(COORDINATORS, COORDINATORS,
                "--heartbeat-interval", BEAT_MILLIS);
        harness.await("six items done", JOB_END, () -> {
            if (job.isDone()) {
                CampaignHarness.Run early = job.join();
                throw new AssertionError("the job ended before six items were done, exit " + early.exitCode() + ": "
                        + early.err());
            }
            return harness.counts().get(Counter.DONE) >= 6;
        });

        ProcessHandle mpirun = JobProcesses.mpiruns().get(0);
        JobProcesses.rank(mpirun, KILLED_RANK).orElseThrow().destroyForcibly();

        CampaignHarness.Run killed = job.get(JOB_END.toSeconds(), TimeUnit.SECONDS);
        assertThat(killed.exitCode()).as(killed.err()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(killed.err()).contains("ended abnormally", "frontier resume");
        CampaignLedger atCrash = harness.ledger();
        assertThat(atCrash.counts().get(Counter.DONE)).as("items done before the kill").isLessThan(items);
        Map<String, String> fenced = atCrash.footprintOf(1, harness.keys());

        harness.awaitPresumedDead(PRESUMED_DEAD);
        CampaignHarness.Run resumed = harness.resume("--heartbeat-interval", BEAT_MILLIS);

        assertThat(resumed.exitCode()).as(resumed.err()).isEqualTo(ExitCodes.OK);
        assertThat(resumed.err()).contains("epoch 2", "fenced off job");
        CampaignLedger end = harness.ledger();
        assertFinishedExactlyOnce(harness, seeds, items);
        assertNothingDoneWasRedone(atCrash, end);
        assertFencedEpochWroteNothing(fenced, end, 1, harness.keys());
    }
}
