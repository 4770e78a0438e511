package io.frontier.tools.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.FrontierCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Tag("mpi")
class MpiCheckCommandIT {

    @TempDir
    Path directory;

    @Test
    @Timeout(120)
    void checkWithJsonReportsEveryRankPassedAndKeepsTheReportsWhereAsked() throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int exitCode = FrontierCommand.newCommandLine(new PrintWriter(out, true), new PrintWriter(err, true))
                .execute("mpi", "check", "--ranks", "3", "--json", "--directory", directory.toString());

        assertThat(exitCode).as("stderr: %s", err).isEqualTo(ExitCodes.OK);
        JsonNode report = new ObjectMapper().readTree(out.toString());
        assertThat(report.get("passed").asBoolean()).isTrue();
        assertThat(report.get("ranks").asInt()).isEqualTo(3);
        assertThat(report.get("problems")).isEmpty();
        assertThat(err.toString()).as("--json keeps standard error quiet").isEmpty();
        assertThat(directory.resolve("rank-0.json")).exists();
        assertThat(Files.list(directory).filter(p -> p.getFileName().toString().startsWith("rank-"))).hasSize(3);
    }

    @Test
    void fewerThanTwoRanksIsAUsageError() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int exitCode = FrontierCommand.newCommandLine(new PrintWriter(out, true), new PrintWriter(err, true))
                .execute("mpi", "check", "--ranks", "1");

        assertThat(exitCode).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--ranks must be at least 2");
    }
}
