package io.frontier.tools.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.tools.CommandRun;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.FrontierCommand;
import io.frontier.tools.TestCampaign;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.frontier.tools.campaign.CampaignDirectory;
import io.frontier.worker.executor.testing.FileContractTarget;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResumeCommandTest {

    @TempDir
    Path directory;

    @Test
    void helpSaysWhenItRefusesAndListsItsOptionsAndExitCodes() {
        StringWriter out = new StringWriter();
        int exitCode = FrontierCommand.newCommandLine(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true))
                .execute("resume", "--help");

        assertThat(exitCode).isZero();
        assertThat(out.toString()).contains("Usage: frontier resume", "--force", "--workers", "--heartbeat-interval",
                "--max-time", "three intervals", "--rank-jvm-option", "Exit codes:").doesNotContain("--faults");
    }

    @Test
    void aRankJvmOptionThatIsNoOptionOrWouldReplaceTheClassPathIsRefusedBeforeAnyJobIsFenced() {
        TestCampaign.create(directory).close();
        String campaign = directory.resolve("campaign").toString();

        CommandRun word = CommandRun.of("resume", campaign, "--rank-jvm-option", "Xmx2g");
        CommandRun jar = CommandRun.of("resume", campaign, "--rank-jvm-option=-jar");
        CommandRun fenced = CommandRun.of("resume", campaign, "--fence-only", "--rank-jvm-option=-Xmx2g");

        assertThat(word.exitCode()).as(word.toString()).isEqualTo(ExitCodes.USAGE);
        assertThat(word.err()).contains("--rank-jvm-option", "'Xmx2g' is not a JVM option");
        assertThat(jar.exitCode()).as(jar.toString()).isEqualTo(ExitCodes.USAGE);
        assertThat(jar.err()).contains("'-jar' would replace the ranks' class path");
        assertThat(fenced.exitCode()).as(fenced.toString()).isZero();
        assertThat(fenced.out()).as("the refused commands fenced no job").isEqualTo("2\n");
    }

    @Test
    void fenceOnlyPrintsTheNewEpochForAnotherLauncherAndCountsThatJobAsStarting() {
        TestCampaign.create(directory).close();
        String campaign = directory.resolve("campaign").toString();

        CommandRun fenced = CommandRun.of("resume", campaign, "--fence-only");
        CommandRun refused = CommandRun.of("resume", campaign, "--fence-only");
        CommandRun forced = CommandRun.of("resume", campaign, "--fence-only", "--force");

        assertThat(fenced.exitCode()).as(fenced.toString()).isZero();
        assertThat(fenced.out()).as("a campaign made by init has no job to wait for").isEqualTo("2\n");
        assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(ExitCodes.USAGE);
        assertThat(refused.err()).contains("the previous job may still be alive", "epoch=2", "presumedDeadAfterSeconds=60.0");
        assertThat(forced.out()).isEqualTo("3\n");
        assertThat(forced.err()).contains("fenced off job", "(epoch 2)", "starting, last beat");
    }

    @Test
    void aTriagingCampaignWhoseScratchWasMovedUnderDevIsRefusedBeforeAnyJobIsFenced() throws IOException {
        Path triage = Files.writeString(directory.resolve("triage.json"), "{\"program\": \""
                + FileContractTarget.install(directory.resolve("bin")) + "\", \"arguments\": [\"@@\"], \"timeoutMillis\": 700}");
        TestCampaign.create(directory, "--triage", triage.toString()).close();
        Path campaign = directory.resolve("campaign");
        String kept = setScratch(campaign, "/dev/shm/frontier-scratch");

        CommandRun resumed = CommandRun.of("resume", campaign.toString(), "--fence-only");
        CommandRun run = CommandRun.of("run", campaign.toString());
        setScratch(campaign, kept);
        CommandRun fenced = CommandRun.of("resume", campaign.toString(), "--fence-only");

        for (CommandRun refused : new CommandRun[] {resumed, run}) {
            assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(ExitCodes.USAGE);
            assertThat(refused.err()).contains("scratch directory is under /dev", "afl-showmap",
                    "scratch=/dev/shm/frontier-scratch");
        }
        assertThat(fenced.out()).as("neither refused command fenced a job").isEqualTo("2\n");
    }

    /** Rewrites the campaign file's scratch directory, as an operator editing it would; returns the old one. */
    private static String setScratch(Path campaign, String scratch) throws IOException {
        Path file = campaign.resolve(CampaignDirectory.SETTINGS);
        ObjectNode settings = (ObjectNode) new ObjectMapper().readTree(file.toFile());
        String old = settings.get("scratch").asText();
        settings.put("scratch", scratch);
        Files.write(file, new ObjectMapper().writeValueAsBytes(settings));
        return old;
    }

    @Test
    void aDirectoryWithoutACampaignIsAUsageErrorAndNothingIsCreated() {
        StringWriter err = new StringWriter();
        Path missing = directory.resolve("no-campaign");

        int exitCode = FrontierCommand.newCommandLine(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true))
                .execute("resume", missing.toString());

        assertThat(exitCode).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("campaign settings not found", missing.toString());
        assertThat(missing).doesNotExist();
    }
}
