package io.frontier.tools.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.tools.ExitCodes;
import io.frontier.tools.FrontierCommand;
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
