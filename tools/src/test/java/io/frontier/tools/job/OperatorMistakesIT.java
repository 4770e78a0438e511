package io.frontier.tools.job;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.frontier.store.record.JobPhase;
import io.frontier.tools.CommandRun;
import io.frontier.tools.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a user's mistakes around real jobs (mpirun, rank JVMs, the SQLite store) come to: a
 * campaign whose store file was deleted after its first job is refused, not started again over
 * its own summary; a job the launcher ended or saw fail is marked ended, so that status stops
 * calling it running and the next resume need not wait for it.
 */
@Tag("mpi")
@Timeout(300)
class OperatorMistakesIT {

    @TempDir
    Path directory;

    @Test
    void runAfterTheStoreFileWasDeletedIsRefusedAndTheFirstJobsSummaryStaysAsItWas() throws Exception {
        CampaignHarness campaign = new CampaignHarness(directory, List.of("--children", "same"));
        campaign.addSeeds(2);
        CampaignHarness.Run first = campaign.run(1, 1);
        assertThat(first.exitCode()).as(first.err()).isEqualTo(ExitCodes.OK);
        Path store = campaign.campaign.resolve("store.db");
        Path summary = campaign.campaign.resolve("reports").resolve("summary-epoch-1.json");
        byte[] firstSummary = Files.readAllBytes(summary);
        Path copy = Files.copy(store, directory.resolve("store.db.copy"));
        Files.delete(store);

        CampaignHarness.Run again = campaign.run(1, 1);
        CampaignHarness.Run resumed = campaign.resume();

        for (CampaignHarness.Run refused : List.of(again, resumed)) {
            assertThat(refused.exitCode()).as(refused.err()).isEqualTo(ExitCodes.CONTROL_FAILURE);
            assertThat(refused.err()).contains("the campaign's store file is missing", "restore the file from a copy")
                    .doesNotContain("created, epoch");
        }
        assertThat(store).as("no new store was made").doesNotExist();
        assertThat(Files.readAllBytes(summary)).as("the first job's summary").isEqualTo(firstSummary);

        Files.copy(copy, store, StandardCopyOption.REPLACE_EXISTING);
        CampaignHarness.Run restored = campaign.resume();
        assertThat(restored.exitCode()).as(restored.err()).isEqualTo(ExitCodes.OK);
        assertThat(campaign.summary(2).get("reason").asText()).contains("quiescence");
        assertThat(campaign.counts().get(io.frontier.store.keyspace.Counter.DONE)).as("nothing ran twice").isEqualTo(3);
    }

    @Test
    void aJobKilledAtMaxTimeEndsStoppedIsMarkedEndedAndResumeIsNotRefused() throws Exception {
        CampaignHarness campaign = new CampaignHarness(directory, List.of("--children", "none", "--sleep-ms", "60000"));
        campaign.addSeeds(2);

        List<String> args = new java.util.ArrayList<>(campaign.runArguments(1, 1, "--heartbeat-interval", "60000",
                "--time-limit", "120000"));
        args.set(args.indexOf("--max-time") + 1, "8");
        CommandRun killed = CommandRun.of(args.toArray(String[]::new));

        assertThat(killed.exitCode()).as(killed.toString()).isEqualTo(ExitCodes.STOPPED);
        assertThat(killed.err()).contains("exceeded --max-time (8 s) and was killed", "frontier resume");
        assertThat(campaign.heartbeat().phase()).isEqualTo(JobPhase.ENDED);
        JsonNode status = CommandRun.of("status", campaign.campaign.toString(), "--json").json();
        assertThat(status.get("heartbeat").get("judgement").asText()).isEqualTo("ended");
        CommandRun fenced = CommandRun.of("resume", campaign.campaign.toString(), "--fence-only");
        assertThat(fenced.exitCode()).as("not refused citing a dead pid: %s", fenced).isZero();
        assertThat(fenced.err()).contains("(epoch 1)", ": ended");
    }

    @Test
    void aRankJvmOptionTheJvmRefusesFailsTheJobWhichIsMarkedEndedAndResumeIsNotRefused() throws Exception {
        CampaignHarness campaign = new CampaignHarness(directory, List.of("--children", "none"));
        campaign.addSeeds(1);

        CampaignHarness.Run failed = campaign.run(1, 1, "--rank-jvm-option=-XX:+NoSuchFrontierOption",
                "--heartbeat-interval", "60000");

        assertThat(failed.exitCode()).as(failed.err()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(campaign.heartbeat().phase()).isEqualTo(JobPhase.ENDED);
        CommandRun fenced = CommandRun.of("resume", campaign.campaign.toString(), "--fence-only");
        assertThat(fenced.exitCode()).as("not refused: %s", fenced).isZero();
    }
}
