package io.frontier.tools.status;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.frontier.store.campaign.Counts;
import io.frontier.store.campaign.Lease;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.record.ResultId;
import io.frontier.store.corpus.Digest;
import io.frontier.store.record.WorkRecord;
import io.frontier.tools.CommandRun;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.TestCampaign;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
                "last job  none has left a summary");
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
    void aMissingStoreFileIsAnErrorAndIsNotCreated() throws IOException {
        campaign.close();
        Path store = campaign.directory.resolve("store.db");
        Files.delete(store);

        CommandRun run = campaign.cli("status");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("campaign store file not found", "file=" + campaign.directory.resolve("campaign.json"));
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
        assertThat(run.err()).contains("campaign is not initialised in its store", "store=sqlite:",
                "file=" + campaign.directory.resolve("campaign.json"));
    }

    @Test
    void aDirectoryWithoutSettingsIsNotACampaign() {
        CommandRun run = CommandRun.of("status", root.resolve("seeds").toString());

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("campaign settings not found", root.resolve("seeds").resolve("campaign.json").toString());
    }
}
