package io.frontier.tools.status;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.frontier.store.campaign.Counts;
import io.frontier.store.campaign.Lease;
import io.frontier.store.coverage.Coverage;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.pruning.PruningMap;
import io.frontier.store.record.JobHeartbeat;
import io.frontier.store.record.JobPhase;
import io.frontier.store.record.ResultId;
import io.frontier.store.corpus.Digest;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.view.EdgeMapSummary;
import io.frontier.store.view.EdgeMapView;
import io.frontier.store.view.ExecutorTally;
import io.frontier.store.view.ExecutorTallyView;
import io.frontier.store.wire.DeclaredFinding;
import io.frontier.store.wire.FindingKind;
import io.frontier.tools.CommandRun;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.TestCampaign;
import io.frontier.tools.TestCampaign.Declared;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StatusCommandTest {

    @TempDir
    Path root;

    TestCampaign campaign;

    @BeforeEach
    void create() {
        campaign = TestCampaign.create(root);
    }

    @AfterEach
    void close() {
        campaign.close();
    }

    /**
     * Two done (three children between them, one shared, now pending), one committing, one leased
     * after an invalid result.
     */
    private void busyCampaign() {
        Digest one = campaign.seed("seed one");
        Digest two = campaign.seed("seed two");
        Digest three = campaign.seed("seed three");
        Map<Digest, WorkRecord> alice = campaign.claimAll(TestCampaign.ALICE);
        WorkRecord retried = campaign.leased("seed four", TestCampaign.BOB);
        campaign.commit(alice.get(one), "child a", "child b");
        campaign.finish(one);
        campaign.commit(alice.get(two), "child b", "child c");
        campaign.finish(two);
        campaign.commit(alice.get(three), "child d");
        campaign.store.requeue(campaign.epoch, new Lease(retried.id(), retried.token()), ResultId.random(),
                TestCampaign.now(), TestCampaign.TTL);
    }

    @Test
    void theCountsAreTheStoresCounters() {
        busyCampaign();
        Counts counts = campaign.store.counts();

        CommandRun run = campaign.cli("status", "--json");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        JsonNode status = run.json();
        JsonNode states = status.get("states");
        assertThat(states.get("pending").asLong()).isEqualTo(counts.get(Counter.PENDING)).isEqualTo(3);
        assertThat(states.get("leased").asLong()).isEqualTo(counts.get(Counter.LEASED)).isEqualTo(1);
        assertThat(states.get("committing").asLong()).isEqualTo(counts.get(Counter.COMMITTING)).isEqualTo(1);
        assertThat(states.get("done").asLong()).isEqualTo(counts.get(Counter.DONE)).isEqualTo(2);
        assertThat(states.get("abandoned").asLong()).isZero();
        assertThat(status.get("results").get("rejected").asLong()).isEqualTo(counts.get(Counter.REJECTED)).isEqualTo(1);
        assertThat(status.get("results").get("invalid").asLong()).isEqualTo(counts.get(Counter.INVALID)).isEqualTo(1);
        assertThat(status.get("progress").get("done").asLong()).isEqualTo(2);
        assertThat(status.get("progress").get("known").asLong()).isEqualTo(7);
        assertThat(status.get("corpusObjects").asLong()).as("4 seeds, 3 promoted children").isEqualTo(7);
        assertThat(status.get("epoch").get("number").asLong()).isEqualTo(1);
        assertThat(status.get("epoch").get("job").asText()).startsWith("init:");
        assertThat(status.get("lastJob").isNull()).isTrue();
    }

    @Test
    void humanOutputShowsTheSameFigures() {
        busyCampaign();

        CommandRun run = campaign.cli("status");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("pending 3, leased 1, committing 1, done 2, abandoned 0",
                "invalid 1 (kept and retried 1)", "2 of 7 items done (28.6%)", "corpus    7 objects",
                "children  5 declared by committed results: 0 reached nothing new, 1 known before (20.0% redundant), 5 untriaged",
                "last job  none has left a summary");
    }

    /**
     * Triaged commits: Alice's seed reaches edges 1 and 2 (edge 2 also hit twice, a second
     * tuple) and finds a crash; Bob's reaches edge 2 again (redundant) and edge 3; Bob commits a
     * second seed without children. Edges 3, tuples 4, one finding, Alice 1 and Bob 2 executions.
     */
    private void triagedCampaign() {
        campaign.commit(campaign.leased("alice seed", TestCampaign.ALICE), "afl", null,
                Declared.covering("one two", 1, 2),
                new Declared("two twice", Coverage.of(new int[] {Coverage.tuple(2, 2)}), null),
                Declared.finding("crash", new DeclaredFinding(FindingKind.CRASH, 11, "signal:11")));
        campaign.commit(campaign.leased("bob seed", TestCampaign.BOB), "afl", null,
                Declared.covering("two again", 2), Declared.covering("three", 3));
        campaign.commit(campaign.leased("bob again", TestCampaign.BOB));
    }

    @Test
    void edgesFindingsAndLoadPerCoordinatorAreTheStoresFigures() {
        triagedCampaign();
        EdgeMapSummary map = new EdgeMapView(campaign.kv, campaign.store.keys()).read();

        JsonNode status = campaign.cli("status", "--json").json();
        CommandRun human = campaign.cli("status");

        assertThat(status.get("edges").get("edges").asLong()).isEqualTo(map.edges()).isEqualTo(3);
        assertThat(status.get("edges").get("tuples").asLong()).isEqualTo(map.tuples()).isEqualTo(4);
        assertThat(status.get("findings").asLong()).isEqualTo(campaign.store.counts().get(Counter.FINDINGS))
                .isEqualTo(1);
        JsonNode load = status.get("load");
        assertThat(load.get("executions").asLong()).isEqualTo(3);
        assertThat(load.get("coordinators")).hasSize(2);
        assertThat(load.get("coordinators").get(0).get("owner").asText()).isEqualTo(TestCampaign.ALICE.name());
        assertThat(load.get("coordinators").get(0).get("executions").asLong()).isEqualTo(1);
        assertThat(load.get("coordinators").get(1).get("owner").asText()).isEqualTo(TestCampaign.BOB.name());
        assertThat(load.get("coordinators").get(1).get("executions").asLong()).isEqualTo(2);
        assertThat(status.get("notes")).isEmpty();
        assertThat(human.out()).contains("edges     3 edges, 4 (edge, hit-count) tuples reached by kept inputs",
                        "findings  1 recorded", "load      3 executions committed by 2 coordinators")
                .doesNotContain("without coverage")
                .containsPattern("coordinator\\s+executions")
                .containsPattern(TestCampaign.ALICE.name() + "\\s+1")
                .containsPattern(TestCampaign.BOB.name() + "\\s+2");
    }

    @Test
    void childrenPerExecutorKindAndTheRedundantRatioAreTheCommitDecisionsCounts() {
        triagedCampaign();

        JsonNode executors = campaign.cli("status", "--json").json().get("executors");
        CommandRun human = campaign.cli("status");

        JsonNode all = executors.get("all").get("children");
        assertThat(all.get("declared").asLong()).isEqualTo(5);
        assertThat(all.get("reachedNothingNew").asLong()).as("\"two again\" reached nothing new").isEqualTo(1);
        assertThat(all.get("redundantPercent").asDouble()).isEqualTo(20.0);
        assertThat(executors.get("kinds")).hasSize(2);
        JsonNode afl = executors.get("kinds").get(0);
        assertThat(afl.get("executor").asText()).isEqualTo("afl");
        assertThat(afl.get("executions").asLong()).isEqualTo(2);
        assertThat(afl.get("executionMillis").asLong()).isEqualTo(10);
        assertThat(afl.get("newEdges").asLong()).isEqualTo(3);
        JsonNode command = executors.get("kinds").get(1);
        assertThat(command.get("executor").asText()).isEqualTo("command");
        assertThat(command.get("children").get("declared").asLong()).isZero();
        assertThat(command.get("children").get("redundantPercent").isNull()).as("no child, no ratio").isTrue();
        assertThat(human.out())
                .contains("children  5 declared by committed results: 1 reached nothing new, 0 known before (20.0% redundant),"
                        + " 0 untriaged")
                .containsPattern("executor\\s+executions\\s+time\\s+time share\\s+children\\s+nothing new\\s+known before"
                        + "\\s+redundant\\s+untriaged\\s+new edges\\s+new edges/s")
                .containsPattern("afl\\s+2\\s+0\\.0s\\s+[0-9.]+%\\s+5\\s+1\\s+0\\s+20\\.0%\\s+0\\s+3\\s+[0-9.]+")
                .containsPattern("command\\s+1\\s+0\\.0s\\s+[0-9.]+%\\s+0\\s+0\\s+0\\s+-\\s+0\\s+0\\s+0\\.00");
    }

    @Test
    void pendingItemsAreShownPerTierByNumberAndName() {
        WorkRecord seed = campaign.leased("alice seed", TestCampaign.ALICE);
        campaign.commit(seed, "afl", null, Declared.covering("one", 1), Declared.covering("again", 1));
        campaign.finish(seed.id());

        JsonNode tiers = campaign.cli("status", "--json").json().get("tiers");
        CommandRun human = campaign.cli("status");

        assertThat(tiers.get("exploration").asText()).isEqualTo("tiers");
        assertThat(tiers.get("newCoverage").asLong()).isEqualTo(1);
        assertThat(tiers.get("redundant").asLong()).isEqualTo(1);
        assertThat(tiers.get("lowerTierBytes").asLong()).as("\"again\" waits in tier 1").isEqualTo(5);
        assertThat(human.out()).contains("tiers     pending in 0 new-coverage 1, 1 redundant 1, 2 retry 0, 3 repeat 0;"
                + " tiers 1 to 3 hold 5 bytes (exploration tiers)");
    }

    @Test
    void childrenAndTheShareOfRedundantOnesAreTheExecutorCountsOfEveryKindTogether() {
        busyCampaign();
        triagedCampaign();
        ExecutorTally total = new ExecutorTallyView(campaign.kv, campaign.store.keys()).read().total();

        JsonNode children = campaign.cli("status", "--json").json().get("children");
        CommandRun human = campaign.cli("status");

        // busy: one a b, two b c (b known before), three d, all untriaged; triaged: five, of which "two again"
        // reached nothing new.
        assertThat(children.get("declared").asLong()).isEqualTo(total.children()).isEqualTo(10);
        assertThat(children.get("reachedNothingNew").asLong()).isEqualTo(total.redundant()).isEqualTo(1);
        assertThat(children.get("knownBefore").asLong()).isEqualTo(total.knownBefore()).isEqualTo(1);
        assertThat(children.get("untriaged").asLong()).isEqualTo(total.untriaged()).isEqualTo(5);
        assertThat(children.get("redundantPercent").asDouble()).isEqualTo(20.0);
        assertThat(human.out()).contains("children  10 declared by committed results: 1 reached nothing new, 1 known"
                + " before (20.0% redundant), 5 untriaged");
    }

    @Test
    void thePruningLineShowsWhetherTheMapIsSharedAndHowManyBitsItHolds() {
        campaign.close();
        campaign = TestCampaign.create(root.resolve("shared"), "--pruning-map", "shared");
        byte[] bits = new byte[PruningMap.BYTES];
        bits[0] = 0b101;
        bits[PruningMap.BYTES - 1] = 1;
        campaign.store.mergePruning(campaign.epoch, PruningMap.of(bits));

        JsonNode pruning = campaign.cli("status", "--json").json().get("pruning");
        CommandRun human = campaign.cli("status");

        assertThat(pruning.get("sharing").asText()).isEqualTo("shared");
        assertThat(pruning.get("bits").asLong()).isEqualTo(3);
        assertThat(human.out()).contains("pruning   one SymCC pruning map for the campaign, 3 bits set");
    }

    @Test
    void aCampaignCreatedWithoutTheOptionHasAMapPerWorkerAndSaysSo() {

        JsonNode pruning = campaign.cli("status", "--json").json().get("pruning");
        CommandRun human = campaign.cli("status");

        assertThat(pruning.get("sharing").asText()).isEqualTo("worker");
        assertThat(human.out()).contains("pruning   a SymCC pruning map per worker (in its scratch directory)");
    }

    @Test
    void aCampaignWithoutCoverageSaysWhyItsEdgeMapIsEmpty() {
        busyCampaign();

        CommandRun run = campaign.cli("status");

        assertThat(run.out()).contains("edges     0 edges, 0 (edge, hit-count) tuples reached by kept inputs"
                + " (children without coverage leave the map empty)", "findings  0 recorded",
                "load      3 executions committed by 1 coordinator");
    }

    @Test
    void anUnreadableEdgeMapShardIsANoteAndIsNotCounted() {
        triagedCampaign();
        byte[] shard = campaign.store.keys().edges(0);
        campaign.kv.run(tx -> {
            tx.set(shard, new byte[] {1, 1, 1});
            return null;
        });

        JsonNode status = campaign.cli("status", "--json").json();

        assertThat(status.get("edges").get("edges").asLong()).isZero();
        assertThat(status.get("notes").toString()).contains("edge map shard left out, it cannot be read",
                "edge map shard is not of the shard width");
    }

    @Test
    void theLatestJobSummaryIsShownPerCoordinator() {
        campaign.nextEpoch("host-1-1");
        campaign.writeSummary(1, Map.of(0, Map.of("executions", 1L)));
        campaign.writeSummary(2, Map.of(0, Map.of("executions", 5L, "uniqueChildren", 2L), 1, Map.of("executions", 7L,
                "uniqueChildren", 1L)));

        JsonNode job = campaign.cli("status", "--json").json().get("lastJob");
        CommandRun human = campaign.cli("status");

        assertThat(job.get("epoch").asLong()).isEqualTo(2);
        assertThat(job.get("wallMillis").asLong()).isEqualTo(1000);
        assertThat(job.get("coordinators").get("1").get("executions").asLong()).isEqualTo(7);
        assertThat(job.get("totals").get("executions").asLong()).isEqualTo(12);
        assertThat(human.out()).contains("last job  epoch 2: COMMITTED, exit 0 after 1.0s").containsPattern(
                "figure\\s+rank 0\\s+rank 1\\s+total").containsPattern("executions\\s+5\\s+7\\s+12");
        assertThat(human.err()).doesNotContain("note:");
    }

    @Test
    void theLatestJobSummaryShowsTheWorkersBusyFractions() {
        campaign.writeSummary(1, Map.of(0, Map.of("executions", 4L)), Map.of(
                1, Map.of("executionMillis", 900L, "triageMillis", 0L, "wallMillis", 1000L),
                2, Map.of("executionMillis", 600L, "triageMillis", 0L, "wallMillis", 1000L)));

        JsonNode busy = campaign.cli("status", "--json").json().get("lastJob").get("busy");
        CommandRun human = campaign.cli("status");

        assertThat(busy.get("overall").get("busyFraction").asDouble()).isEqualTo(0.75);
        assertThat(busy.get("overall").get("wallMillis").asLong()).isEqualTo(2000);
        assertThat(busy.get("workers").get("1").get("busyFraction").asDouble()).isEqualTo(0.9);
        assertThat(busy.get("workers").get("2").get("executionMillis").asLong()).isEqualTo(600);
        assertThat(human.out()).contains("workers busy 75.0% (executions 1.5s of 2.0s; triage probes 0.0s, 0.0%);"
                + " by rank: 1 90.0%, 2 60.0%");
    }

    @Test
    void aSummaryWrittenBeforeBusyFractionsIsReadWithoutThem() throws IOException {
        Files.writeString(campaign.directory.resolve("reports").resolve("summary-epoch-1.json"), """
                {"epoch": 1, "wallMillis": 1000, "ending": "COMMITTED", "exitCode": 0, "reason": null, "failures": [],
                 "coordinators": {"0": {"executions": 3}}, "workers": {"1": {"executions": 3}},
                 "missingWorkers": [], "unanswered": [], "totals": {"executions": 3}}
                """);

        CommandRun run = campaign.cli("status", "--json");
        CommandRun human = campaign.cli("status");

        assertThat(run.json().get("notes").toString()).doesNotContain("cannot be read");
        assertThat(run.json().get("lastJob").get("totals").get("executions").asLong()).isEqualTo(3);
        assertThat(run.json().get("lastJob").get("busy").isNull()).isTrue();
        assertThat(human.out()).contains("workers busy: not in this summary (written by an older Frontier)");
    }

    @Test
    void anEpochWithoutItsJobSummaryIsNoted() {
        campaign.writeSummary(1, Map.of(0, Map.of("executions", 1L)));
        campaign.nextEpoch("host-2-2");

        CommandRun run = campaign.cli("status", "--json");

        assertThat(run.json().get("notes").toString()).contains("epoch 2 has no job summary yet");
    }

    @Test
    void anUnreadableSummaryIsANoteNotAFailure() throws IOException {
        Files.writeString(campaign.directory.resolve("reports").resolve("summary-epoch-1.json"), "{\"epoch\": 1");

        CommandRun run = campaign.cli("status", "--json");

        assertThat(run.exitCode()).isZero();
        assertThat(run.json().get("notes").toString()).contains("job summary cannot be read", "summary-epoch-1.json");
    }

    @Test
    void aMissingStoreFileIsAControlFailureAndIsNotCreated() throws IOException {
        campaign.close();
        Path store = campaign.directory.resolve("store.db");
        Files.delete(store);

        CommandRun run = campaign.cli("status");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(run.err()).contains("the campaign's store file is missing", "restore the file from a copy",
                "file=" + campaign.directory.resolve("campaign.json"));
        assertThat(store).doesNotExist();
    }

    @Test
    void aStoreWithoutTheCampaignIsAnErrorNamingStoreAndSettings() {
        campaign.kv.run(tx -> {
            tx.clearRange(campaign.store.keys().all().begin(), campaign.store.keys().all().end());
            return null;
        });

        CommandRun run = campaign.cli("status");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("the store holds no campaign named campaign", "store=sqlite:",
                "file=" + campaign.directory.resolve("campaign.json"));
    }

    @Test
    void aDirectoryWithoutSettingsIsNotACampaign() {
        CommandRun run = CommandRun.of("status", root.resolve("seeds").toString());

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("campaign settings not found", root.resolve("seeds").resolve("campaign.json").toString());
    }
    @Test
    void duringARunStatusShowsTheJobsHeartbeatWithItsAge() {
        double now = TestCampaign.now();
        campaign.store.bumpEpoch(1, "job-running", now);
        campaign.store.beat(2, new JobHeartbeat(JobHeartbeat.SCHEMA, 2, "job-running", "node-7", 4242, 3, 5000,
                JobPhase.RUNNING, now - 2.0));

        CommandRun text = campaign.cli("status");
        JsonNode json = campaign.cli("status", "--json").json();

        assertThat(text.exitCode()).as(text.toString()).isZero();
        assertThat(text.out()).containsPattern("job       running: RUNNING on node-7 pid 4242, 3 workers, last beat \\d+\\.\\d s ago");
        JsonNode beat = json.get("heartbeat");
        assertThat(beat.get("job").asText()).isEqualTo("job-running");
        assertThat(beat.get("judgement").asText()).isEqualTo("running");
        assertThat(beat.get("ageSeconds").asDouble()).isBetween(2.0, 14.9);
        assertThat(beat.get("intervalMillis").asLong()).isEqualTo(5000);
    }

    @Test
    void aCampaignWhoseJobNeverBeatHasNoHeartbeat() {
        JsonNode json = campaign.cli("status", "--json").json();

        assertThat(json.get("heartbeat").isNull()).isTrue();
    }

    @Test
    void aDamagedStoreFileIsAControlFailureThatSaysSo() throws IOException {
        campaign.close();
        Path store = campaign.directory.resolve("store.db");
        try (FileChannel channel = FileChannel.open(store, StandardOpenOption.WRITE)) {
            // Keep SQLite's 100-byte header, destroy the schema page behind it.
            byte[] garbage = new byte[4000];
            java.util.Arrays.fill(garbage, (byte) 0x5a);
            channel.write(ByteBuffer.wrap(garbage), 100);
        }

        CommandRun run = CommandRun.of("status", campaign.directory.toString());

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(run.err()).contains("store file is damaged", "restore it from a copy");
    }
}
