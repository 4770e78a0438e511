package io.frontier.tools.job;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.corpus.Digest;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.record.WorkState;
import io.frontier.tools.CommandRun;
import io.frontier.tools.ExitCodes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The predecessor's experiments, reproduced with real mpirun, real rank JVMs, the SQLite store
 * and the file-contract test target, through {@code frontier run}.
 */
@Tag("mpi")
class CampaignAcceptanceIT {

    private static final byte[] SAME_CHILD = "frontier same child\n".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path directory;

    @Test
    @Timeout(300)
    void twoCoordinatorsSixWorkersTwelveSeedsNoChildren() throws Exception {
        CampaignHarness campaign = new CampaignHarness(directory, List.of("--children", "none"));
        List<Digest> seeds = campaign.addSeeds(12);

        CampaignHarness.Run run = campaign.run(2, 6);

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
        assertThat(campaign.corpusObjects()).hasSize(12);
        for (Digest seed : seeds) {
            WorkRecord record = campaign.work(seed);
            assertThat(record.state()).isEqualTo(WorkState.DONE);
            assertThat(record.attempts()).as("executed once: %s", seed).isEqualTo(1);
        }
        assertThat(campaign.counts().get(Counter.DONE)).isEqualTo(12);
        assertThat(campaign.counts().unfinished()).isZero();
        JsonNode summary = campaign.summary(1);
        assertThat(summary.get("ending").asText()).isEqualTo("COMMITTED");
        assertThat(summary.get("totals").get("executions").asLong()).isEqualTo(12);
        // Coordinators steal from each other's buckets, so how the twelve split depends on which
        // started first; that the two accounts add up to the total does not.
        assertThat(summary.get("coordinators").get("0").get("executions").asLong()
                + summary.get("coordinators").get("1").get("executions").asLong()).isEqualTo(12);
        // Each coordinator is a JVM of its own that at least started, loaded Jackson and committed.
        for (String rank : List.of("0", "1")) {
            assertThat(summary.get("coordinators").get(rank).get("cpuMillis").asLong()).as("rank %s", rank).isPositive();
        }
        assertThat(summary.get("workers").size()).as("both groups 3/3 shutdown ACK").isEqualTo(6);
        assertThat(summary.get("missingWorkers")).isEmpty();
        assertThat(campaign.stageDirectories()).isEmpty();
    }

    @Test
    @Timeout(300)
    void everySeedYieldingTheSameChildAddsExactlyOneObject() throws Exception {
        CampaignHarness campaign = new CampaignHarness(directory, List.of("--children", "same"));
        campaign.addSeeds(12);
        Digest child = Digest.parse(ContentHasher.hash(SAME_CHILD).digest().hex());

        CampaignHarness.Run run = campaign.run(2, 6);

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
        assertThat(campaign.corpusObjects()).hasSize(13).contains(child.hex());
        assertThat(campaign.work(child).state()).isEqualTo(WorkState.DONE);
        JsonNode totals = campaign.summary(1).get("totals");
        assertThat(totals.get("executions").asLong()).isEqualTo(13);
        assertThat(totals.get("uniqueChildren").asLong()).isEqualTo(1);
        assertThat(campaign.counts().get(Counter.DONE)).isEqualTo(13);
        assertThat(campaign.stageDirectories()).isEmpty();
    }

    @Test
    @Timeout(300)
    void oneCoordinatorTwoWorkersTwoSeedsSharingAChild() throws Exception {
        CampaignHarness campaign = new CampaignHarness(directory, List.of("--children", "same"));
        campaign.addSeeds(2);

        CampaignHarness.Run run = campaign.run(1, 2);

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
        assertThat(campaign.corpusObjects()).hasSize(3);
        JsonNode summary = campaign.summary(1);
        assertThat(summary.get("totals").get("executions").asLong()).isEqualTo(3);
        assertThat(summary.get("workers").size()).as("2/2 shutdown ACK").isEqualTo(2);
        // The one coordinator claims both seeds together and hands them to its workers in turn,
        // so each worker ran at least one; its wall time at work includes the idle window before
        // the shutdown, so it is never 0.
        JsonNode busy = summary.get("busy");
        assertThat(busy.get("workers").size()).isEqualTo(2);
        for (String worker : List.of("1", "2")) {
            JsonNode figures = busy.get("workers").get(worker);
            assertThat(figures.get("wallMillis").asLong()).as("worker %s", worker).isPositive()
                    .isGreaterThanOrEqualTo(figures.get("executionMillis").asLong());
            assertThat(figures.get("busyFraction").asDouble()).as("worker %s", worker).isBetween(0.0, 1.0);
            assertThat(summary.get("workers").get(worker).get("wallMillis").asLong())
                    .isEqualTo(figures.get("wallMillis").asLong());
        }
        assertThat(busy.get("overall").get("busyFraction").asDouble()).isBetween(0.0, 1.0);
        assertThat(campaign.stageDirectories()).isEmpty();
    }

    @Test
    @Timeout(300)
    void aCorruptCorpusObjectStopsTheJobWithControlFailureBeforeAnyExecution() throws Exception {
        CampaignHarness campaign = new CampaignHarness(directory, List.of("--children", "none"));
        campaign.addSeeds(3);
        assertThat(campaign.run(1, 2).exitCode()).isEqualTo(ExitCodes.OK);
        String victim = campaign.corpusObjects().get(0);
        Path object = campaign.campaign.resolve("corpus").resolve(victim);
        byte[] bytes = Files.readAllBytes(object);
        bytes[0] ^= 1;
        Files.write(object, bytes);
        String actual = ContentHasher.hash(bytes).digest().hex();
        campaign.addSeeds(5);

        CampaignHarness.Run run = campaign.run(1, 2);

        assertThat(run.exitCode()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(run.millis()).isLessThan(120_000);
        JsonNode summary = campaign.summary(2);
        assertThat(summary.get("ending").asText()).isEqualTo("STOPPED");
        assertThat(summary.get("failures").toString()).contains(victim).contains(actual);
        assertThat(summary.get("totals").get("executions").asLong()).as("nothing executed").isZero();
        assertThat(summary.get("workers").size()).as("workers still ACK").isEqualTo(2);
    }

    /**
     * A user deletes a promoted child from the corpus: no file is left to hash, but the store
     * still queues it as work. {@code corpus fsck} and the next job's start-up audit must both
     * notice, name it and stop with a control failure before anything runs.
     */
    @Test
    @Timeout(300)
    void aDeletedCorpusObjectIsFoundByFsckAndStopsTheResumedJobBeforeAnyExecution() throws Exception {
        CampaignHarness campaign = new CampaignHarness(directory, List.of("--children", "same"));
        campaign.addSeeds(2);
        assertThat(campaign.run(1, 2).exitCode()).isEqualTo(ExitCodes.OK);
        String child = ContentHasher.hash(SAME_CHILD).digest().hex();
        Files.delete(campaign.campaign.resolve("corpus").resolve(child));
        campaign.addSeeds(4);

        CommandRun fsck = CommandRun.of("corpus", "fsck", campaign.campaign.toString(), "--json");
        CampaignHarness.Run resumed = campaign.resume();

        assertThat(fsck.exitCode()).as(fsck.toString()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(fsck.json().get("missing").asLong()).isEqualTo(1);
        assertThat(fsck.json().get("findings").get(0).get("name").asText()).isEqualTo(child);
        assertThat(fsck.json().get("findings").get(0).get("referencedBy").asText()).startsWith("work " + child + " (done");
        assertThat(resumed.exitCode()).as(resumed.err()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        JsonNode summary = campaign.summary(2);
        assertThat(summary.get("ending").asText()).isEqualTo("STOPPED");
        assertThat(summary.get("failures").toString())
                .contains("corpus object that the store requires is missing", child, "referencedBy=work " + child);
        assertThat(summary.get("totals").get("executions").asLong()).as("the new seeds did not run").isZero();
        assertThat(campaign.counts().get(Counter.PENDING)).as("the new seeds were not even admitted").isZero();
    }

    /**
     * A large campaign's start skips the corpus audit (as {@code --corpus-audit off} always
     * does): a corrupt input must still never run. The worker that copies it finds the
     * mismatch, and the job stops with a control failure naming the object.
     */
    @Test
    @Timeout(300)
    void withoutTheStartAuditACorruptPendingInputIsFoundWhenAWorkerCopiesItAndNeverRuns() throws Exception {
        CampaignHarness campaign = new CampaignHarness(directory, List.of("--children", "none"));
        List<Digest> seeds = campaign.addSeeds(10);
        // A budget of one execution leaves seeds pending (those already assigned run to their end).
        assertThat(campaign.run(1, 1, "--budget-executions", "1").exitCode()).isEqualTo(ExitCodes.STOPPED);
        Digest victim = seeds.stream().filter(seed -> campaign.store(store -> store.work(seed)).state()
                == WorkState.PENDING).findFirst().orElseThrow();
        // Gone from the seed directory, so the next start does not publish it again.
        try (var files = Files.list(campaign.seeds)) {
            for (Path seed : files.toList()) {
                Files.delete(seed);
            }
        }
        Path object = campaign.campaign.resolve("corpus").resolve(victim.hex());
        byte[] bytes = Files.readAllBytes(object);
        bytes[0] ^= 1;
        Files.write(object, bytes);

        CampaignHarness.Run resumed = campaign.resume("--corpus-audit", "off");

        assertThat(resumed.exitCode()).as(resumed.err()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        JsonNode summary = campaign.summary(2);
        assertThat(summary.get("failures").toString()).contains(victim.hex());
        assertThat(campaign.counts().get(Counter.INVALID)).as("found by the worker, not by an audit").isEqualTo(1);
        assertThat(campaign.store(store -> store.work(victim)).state()).as("never ran").isNotEqualTo(WorkState.DONE);
    }

    @Test
    @Timeout(300)
    void aMalformedResultQuarantinesTheWorkerAndTheSameTokenSucceedsElsewhere() throws Exception {
        CampaignHarness campaign = new CampaignHarness(directory, List.of("--children", "none"));
        List<Digest> seeds = campaign.addSeeds(4);

        CampaignHarness.Run run = campaign.run(1, 2, "--faults", "worker.malformed-result@1");

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.INVALID_RESULTS);
        JsonNode totals = campaign.summary(1).get("totals");
        assertThat(totals.get("invalidResults").asLong()).isEqualTo(1);
        assertThat(totals.get("quarantinedWorkers").asLong()).isEqualTo(1);
        assertThat(totals.get("executions").asLong()).isEqualTo(4);
        long retried = seeds.stream().map(campaign::work).filter(record -> record.attempts() == 2).count();
        assertThat(retried).as("exactly the rejected item ran twice").isEqualTo(1);
        for (Digest seed : seeds) {
            assertThat(campaign.work(seed).state()).isEqualTo(WorkState.DONE);
        }
        assertThat(campaign.counts().get(Counter.REJECTED)).isEqualTo(1);
        assertThat(campaign.stageDirectories()).isEmpty();
    }

    @Test
    @Timeout(300)
    void aRankWhoseJvmCannotStartEndsTheJobAsAControlFailureNotAsInvalidResults() throws Exception {
        CampaignHarness campaign = new CampaignHarness(directory, List.of("--children", "none"));
        campaign.addSeeds(2);

        // A heap too small to start: every rank's JVM exits 1, the code of the invalid-results verdict.
        CampaignHarness.Run run = campaign.run(1, 1, "--rank-jvm-option=-Xmx1k");

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(run.err()).contains("ended with exit status 1, but root's summary", "does not give that verdict",
                "frontier resume");
        assertThat(campaign.campaign.resolve("reports").resolve("summary-epoch-1.json")).doesNotExist();
        assertThat(campaign.counts().get(Counter.DONE)).as("nothing ran").isZero();

        CampaignHarness.Run again = campaign.resume("--force", "--rank-jvm-option=-Xmx64m");

        assertThat(again.exitCode()).as(again.err()).isEqualTo(ExitCodes.OK);
        assertThat(campaign.counts().get(Counter.DONE)).isEqualTo(2);
    }

    @Test
    @Timeout(300)
    void aSeedArrivingJustBeforeRootsProbeIsExecutedBeforeQuiescence() throws Exception {
        CampaignHarness campaign = new CampaignHarness(directory, List.of("--children", "none"));
        campaign.addSeeds(3);
        CompletableFuture<Digest> late = CompletableFuture.supplyAsync(() -> {
            try {
                awaitDone(campaign, 3);
                return campaign.addSeed("late", "arrived while root was idle\n");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });

        CampaignHarness.Run run = campaign.run(1, 2, "--idle-window", "3000");

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
        Digest lateSeed = late.get();
        assertThat(campaign.work(lateSeed).state()).isEqualTo(WorkState.DONE);
        assertThat(campaign.summary(1).get("totals").get("executions").asLong()).isEqualTo(4);
    }

    /** Waits until the store shows {@code done} items done (the job is still running). */
    private static void awaitDone(CampaignHarness campaign, long done) throws InterruptedException {
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (System.nanoTime() < deadline) {
            if (Files.exists(campaign.campaign.resolve("store.db"))) {
                try {
                    if (campaign.counts().get(Counter.DONE) >= done) {
                        return;
                    }
                } catch (RuntimeException notCreatedYet) {
                    // The campaign is created by the job itself; keep polling until it exists.
                }
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("the job did not finish " + done + " items in time");
    }
}
