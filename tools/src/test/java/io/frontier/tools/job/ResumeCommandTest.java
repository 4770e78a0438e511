package io.frontier.tools.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.tools.CommandRun;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.FrontierCommand;
import io.frontier.tools.TestCampaign;
import java.io.PrintWriter;
import java.io.StringWriter;
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
                "--max-time", "three intervals", "Exit codes:").doesNotContain("--faults");
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
