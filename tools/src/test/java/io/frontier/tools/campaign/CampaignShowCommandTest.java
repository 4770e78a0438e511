package io.frontier.tools.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.tools.CommandRun;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.TestCampaign;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code frontier campaign show} on a campaign made by {@code frontier init}: real settings file. */
class CampaignShowCommandTest {

    @TempDir
    Path root;

    private TestCampaign campaign;

    @BeforeEach
    void create() throws IOException {
        campaign = TestCampaign.create(root);
    }

    @AfterEach
    void close() {
        campaign.close();
    }

    @Test
    void fieldPrintsOneValueBareForABatchScript() {
        CommandRun run = CommandRun.of("campaign", "show", campaign.directory.toString(), "--field", "coordinators");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).isEqualTo("1\n");
    }

    @Test
    void jsonIsTheSettingsFileAsEveryRankReadsIt() {
        CommandRun run = CommandRun.of("campaign", "show", campaign.directory.toString(), "--json");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.OK);
        assertThat(run.json().get("store").asText()).isEqualTo("sqlite:store.db");
        assertThat(run.json().get("coordinators").asInt()).isEqualTo(1);
        assertThat(run.json().get("executors").isArray()).isTrue();
    }

    @Test
    void anUnknownFieldIsAUsageErrorNamingTheFieldsThereAre() {
        CommandRun run = CommandRun.of("campaign", "show", campaign.directory.toString(), "--field", "coordinator");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("no field \"coordinator\"", "coordinators", "idleWindowMillis");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void aDamagedSettingsFileIsRefusedNamingIt() throws IOException {
        Path settings = campaign.directory.resolve(CampaignDirectory.SETTINGS);
        Files.writeString(settings, Files.readString(settings).replace("\"coordinators\"", "\"coordinatorz\""));

        CommandRun run = CommandRun.of("campaign", "show", campaign.directory.toString(), "--field", "coordinators");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("campaign settings are invalid", "coordinatorz");
    }
}
