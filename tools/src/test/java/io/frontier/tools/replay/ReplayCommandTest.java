package io.frontier.tools.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.manifest.ManifestEntry;
import io.frontier.store.record.WorkState;
import io.frontier.tools.CommandRun;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.TestCampaign;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayCommandTest {

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

    /** A job of epoch 2 took the commit decision for one seed with two staged children, then died. */
    private ManifestEntry leftOpenByAJob() {
        campaign.nextEpoch("host-2-2");
        return campaign.commit(campaign.leased("parent", TestCampaign.ALICE), "kid one", "kid two");
    }

    private Path stageTree(long epoch) {
        return campaign.layout.stageRoot(epoch);
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    @Test
    void refusedWhileTheCurrentEpochsJobMayStillRunAndNothingChanges() {
        ManifestEntry entry = leftOpenByAJob();
        campaign.nextEpoch("host-3-3");

        CommandRun run = campaign.cli("replay");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("the current epoch's job may still be running", "--force", "frontier resume",
                "epoch=3", "job=host-3-3", "summary-epoch-3.json");
        assertThat(campaign.store.work(entry.work()).state()).isEqualTo(WorkState.COMMITTING);
        assertThat(stageTree(2)).isDirectory();
    }

    @Test
    void withForceItFinishesTheEntriesOfEarlierEpochsAndSweepsTheirStages() {
        ManifestEntry entry = leftOpenByAJob();
        campaign.nextEpoch("host-3-3");

        CommandRun run = campaign.cli("replay", "--force", "--json");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        JsonNode output = run.json();
        assertThat(output.get("epoch").asLong()).isEqualTo(3);
        JsonNode completed = output.get("completed").get(0);
        assertThat(completed.get("work").asText()).isEqualTo(entry.work().hex());
        assertThat(completed.get("promoted").asInt()).isEqualTo(2);
        assertThat(completed.get("enqueued").asInt()).isEqualTo(2);
        assertThat(output.get("abandoned")).isEmpty();
        assertThat(output.get("controlFailures")).isEmpty();
        assertThat(output.get("sweep").get("removed").toString()).isEqualTo("[2]");
        assertThat(campaign.store.work(entry.work()).state()).isEqualTo(WorkState.DONE);
        assertThat(campaign.object("kid one")).isRegularFile();
        assertThat(campaign.store.work(TestCampaign.idOf("kid two")).state()).isEqualTo(WorkState.PENDING);
        assertThat(stageTree(2)).doesNotExist();
        assertThat(campaign.cli("manifest verify").exitCode()).isZero();
    }

    @Test
    void theSummaryOfTheCurrentEpochsJobIsEnoughToReplayWithoutForce() {
        ManifestEntry entry = leftOpenByAJob();
        campaign.nextEpoch("host-3-3");
        campaign.writeSummary(3, Map.of(0, Map.of("executions", 0L)));

        CommandRun run = campaign.cli("replay");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).contains("replay in epoch 3: 1 entries completed, 0 abandoned", entry.work().hex());
        assertThat(campaign.store.work(entry.work()).state()).isEqualTo(WorkState.DONE);
    }

    @Test
    void entriesOfTheCurrentEpochAreLeftForResume() {
        ManifestEntry entry = leftOpenByAJob();
        campaign.writeSummary(2, Map.of(0, Map.of("executions", 1L)));

        CommandRun json = campaign.cli("replay", "--json");
        CommandRun human = campaign.cli("replay");

        assertThat(json.exitCode()).as(json.toString()).isZero();
        assertThat(json.json().get("leftToCurrentEpoch").asInt()).isEqualTo(1);
        assertThat(json.json().get("completed")).isEmpty();
        assertThat(human.out()).contains("1 committing entries belong to the current epoch 2", "frontier resume");
        assertThat(campaign.store.work(entry.work()).state()).isEqualTo(WorkState.COMMITTING);
        assertThat(stageTree(2)).isDirectory();
    }

    @Test
    void lostStagedBytesAbandonTheEntryAndRequeueItsWork() throws IOException {
        ManifestEntry entry = leftOpenByAJob();
        campaign.nextEpoch("host-3-3");
        deleteTree(campaign.layout.stage(CorpusLayout.parseStageName(entry.stage())));

        CommandRun run = campaign.cli("replay", "--force", "--json");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        JsonNode abandoned = run.json().get("abandoned").get(0);
        assertThat(abandoned.get("work").asText()).isEqualTo(entry.work().hex());
        assertThat(abandoned.get("reason").asText()).contains("staged children missing or corrupt");
        assertThat(abandoned.get("forGood").asBoolean()).isFalse();
        assertThat(campaign.store.work(entry.work()).state()).isEqualTo(WorkState.PENDING);
        assertThat(campaign.cli("manifest verify").exitCode()).as("an abandoned entry is consistent").isZero();
    }

    @Test
    void aCorruptObjectUnderAChildsNameIsAControlFailureAndTheEntryStays() throws IOException {
        ManifestEntry entry = leftOpenByAJob();
        campaign.nextEpoch("host-3-3");
        Files.writeString(campaign.object("kid two"), "not kid two");

        CommandRun run = campaign.cli("replay", "--force");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(run.out()).contains("CONTROL FAILURE", "object content does not match its name",
                TestCampaign.idOf("kid two").hex());
        assertThat(campaign.store.work(entry.work()).state()).isEqualTo(WorkState.COMMITTING);
    }

    @Test
    void aCampaignJustCreatedByInitNeedsNoForce() {
        CommandRun run = campaign.cli("replay");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).contains("replay in epoch 1: 0 entries completed, 0 abandoned");
    }
}
