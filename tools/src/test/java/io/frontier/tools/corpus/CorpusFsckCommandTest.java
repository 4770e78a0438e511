package io.frontier.tools.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.corpus.fs.TemporaryNames;
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

class CorpusFsckCommandTest {

    @TempDir
    Path root;

    TestCampaign campaign;

    @BeforeEach
    void create() {
        campaign = TestCampaign.create(root);
        campaign.seed("one");
        campaign.seed("two");
        campaign.seed("three");
    }

    @AfterEach
    void close() {
        campaign.close();
    }

    @Test
    void anIntactCorpusIsCleanAndExitsZero() {
        CommandRun json = campaign.cli("corpus fsck", "--json");
        CommandRun human = campaign.cli("corpus fsck");

        assertThat(json.exitCode()).as(json.toString()).isZero();
        JsonNode report = json.json();
        assertThat(report.get("clean").asBoolean()).isTrue();
        assertThat(report.get("entries").asLong()).isEqualTo(3);
        assertThat(report.get("objectsVerified").asLong()).isEqualTo(3);
        assertThat(report.get("bytesHashed").asLong()).isEqualTo(11);
        assertThat(report.get("findings")).isEmpty();
        assertThat(json.err()).isEmpty();
        assertThat(human.exitCode()).isZero();
        assertThat(human.out()).contains("3 entries, 3 objects intact", "clean");
    }

    @Test
    void aCorruptObjectExitsSeventyWithExpectedAndActualDigests() throws IOException {
        Path object = campaign.object("two");
        TestCampaign.flipFirstByte(object);
        String actual = ContentHasher.hash(Files.readAllBytes(object)).digest().hex();

        CommandRun json = campaign.cli("corpus fsck", "--json");
        CommandRun human = campaign.cli("corpus fsck");

        assertThat(json.exitCode()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        JsonNode report = json.json();
        assertThat(report.get("clean").asBoolean()).isFalse();
        assertThat(report.get("corrupt").asLong()).isEqualTo(1);
        JsonNode finding = report.get("findings").get(0);
        assertThat(finding.get("kind").asText()).isEqualTo("DIGEST_MISMATCH");
        assertThat(finding.get("expected").asText()).isEqualTo(TestCampaign.idOf("two").hex());
        assertThat(finding.get("actual").asText()).isEqualTo(actual);
        assertThat(human.exitCode()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(human.out()).contains("findings: 1, of them corrupt objects: 1", "DIGEST_MISMATCH", actual);
    }

    @Test
    void aTemporaryFileIsListedButIsNoCorruptObject() throws IOException {
        Files.writeString(campaign.layout.corpus().resolve(TemporaryNames.next()), "half written");

        CommandRun run = campaign.cli("corpus fsck", "--json");

        assertThat(run.exitCode()).isZero();
        assertThat(run.json().get("clean").asBoolean()).isFalse();
        assertThat(run.json().get("corrupt").asLong()).isZero();
        assertThat(run.json().get("findings").get(0).get("kind").asText()).isEqualTo("TEMPORARY_FILE");
    }

    @Test
    void aDirectoryThatIsNoCampaignIsAUsageError() {
        CommandRun run = CommandRun.of("corpus", "fsck", root.toString());

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("campaign settings not found");
    }
}
