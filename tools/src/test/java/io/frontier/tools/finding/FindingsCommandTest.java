package io.frontier.tools.finding;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.corpus.Digest;
import io.frontier.store.record.FindingRecord;
import io.frontier.store.wire.FindingKind;
import io.frontier.tools.CommandRun;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.TestCampaign;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FindingsCommandTest {

    @TempDir
    Path root;

    TestCampaign campaign;

    @BeforeEach
    void create() {
        campaign = TestCampaign.create(root);
        campaign.done("parent seed", "a child");
    }

    @AfterEach
    void close() {
        campaign.close();
    }

    /**
     * Two signatures: a SIGSEGV found twice (by AFL, then by SymCC) and a hang, each a child of
     * a seed of its own, recorded by the commit decision.
     */
    private List<FindingRecord> threeFindings() {
        return List.of(
                campaign.finding(campaign.leased("afl seed", TestCampaign.ALICE), "segv one", "stack:0a0b",
                        FindingKind.CRASH, 11, "afl"),
                campaign.finding(campaign.leased("afl seed two", TestCampaign.ALICE), "hang one", "edges:77",
                        FindingKind.HANG, 0, "afl"),
                campaign.finding(campaign.leased("symcc seed", TestCampaign.ALICE), "segv two", "stack:0a0b",
                        FindingKind.CRASH, 11, "symcc"));
    }

    private static List<String> files(Path directory) throws IOException {
        try (Stream<Path> walk = Files.walk(directory)) {
            return walk.filter(Files::isRegularFile).map(file -> directory.relativize(file).toString()).sorted().toList();
        }
    }

    @Test
    void aCampaignWithoutFindingsSaysSo() {
        CommandRun run = campaign.cli("findings");
        JsonNode json = campaign.cli("findings", "--json").json();

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).isEqualTo("no findings" + System.lineSeparator());
        assertThat(json.get("count").asLong()).isZero();
        assertThat(json.get("groups")).isEmpty();
        assertThat(json.get("copy").isNull()).isTrue();
    }

    @Test
    void findingsAreListedBySignatureWithEveryInputAndWhoFoundIt() {
        List<FindingRecord> found = threeFindings();

        JsonNode json = campaign.cli("findings", "--json").json();
        CommandRun human = campaign.cli("findings");

        assertThat(json.get("count").asLong()).isEqualTo(3);
        assertThat(json.get("signatures").asInt()).isEqualTo(2);
        JsonNode hang = json.get("groups").get(0);
        JsonNode stack = json.get("groups").get(1);
        assertThat(hang.get("signature").asText()).isEqualTo("edges:77");
        assertThat(hang.get("kind").asText()).isEqualTo("hang");
        assertThat(hang.get("signal").asInt()).isZero();
        assertThat(stack.get("signature").asText()).isEqualTo("stack:0a0b");
        assertThat(stack.get("kind").asText()).isEqualTo("crash");
        assertThat(stack.get("signal").asInt()).isEqualTo(11);
        assertThat(stack.get("count").asInt()).isEqualTo(2);
        JsonNode first = stack.get("inputs").get(0);
        assertThat(first.get("input").asText()).isEqualTo(found.get(0).input().hex());
        assertThat(first.get("executor").asText()).isEqualTo("afl");
        assertThat(first.get("work").asText()).isEqualTo(TestCampaign.idOf("afl seed").hex());
        assertThat(first.get("result").asText()).isEqualTo(found.get(0).result().hex());
        assertThat(first.get("epoch").asLong()).isEqualTo(campaign.epoch);
        assertThat(stack.get("inputs").get(1).get("executor").asText()).isEqualTo("symcc");
        assertThat(stack.get("firstFoundAt").asText()).isEqualTo(first.get("foundAt").asText());
        assertThat(human.exitCode()).isZero();
        assertThat(human.out()).contains("SIGNATURE", "KIND", "SIGNAL", "INPUT", "EXECUTOR", "stack:0a0b", "edges:77",
                "hang", "crash", found.get(2).input().hex().substring(0, 12), "symcc",
                "3 findings under 2 signatures");
    }

    @Test
    void copyToCopiesEveryInputUnderItsSignatureDurablyAndOnlyOnce() throws IOException {
        List<FindingRecord> found = threeFindings();
        Path out = root.resolve("out");

        JsonNode first = campaign.cli("findings", "--json", "--copy-to", out.toString()).json();
        Path tampered = out.resolve("stack:0a0b").resolve(found.get(2).input().hex());
        Files.writeString(tampered, "not the input");
        JsonNode second = campaign.cli("findings", "--json", "--copy-to", out.toString()).json();
        CommandRun third = campaign.cli("findings", "--copy-to", out.toString());

        assertThat(first.get("copy").get("copied").asLong()).isEqualTo(3);
        assertThat(first.get("copy").get("present").asLong()).isZero();
        assertThat(first.get("copy").get("directory").asText()).isEqualTo(out.toString());
        assertThat(second.get("copy").get("copied").asLong()).as("only the damaged copy again").isEqualTo(1);
        assertThat(second.get("copy").get("present").asLong()).isEqualTo(2);
        assertThat(third.out()).contains("copied 0, already there 3, into " + out);
        assertThat(files(out)).containsExactlyInAnyOrder(
                "edges:77/" + found.get(1).input().hex(),
                "stack:0a0b/" + found.get(0).input().hex(),
                "stack:0a0b/" + found.get(2).input().hex());
        for (FindingRecord record : found) {
            Path copy = out.resolve(record.finding().signature()).resolve(record.input().hex());
            assertThat(ContentHasher.hashFile(copy).digest()).isEqualTo(record.input());
            assertThat(copy).hasSameBinaryContentAs(campaign.layout.corpus().resolve(record.input().hex()));
        }
    }

    @Test
    void aCorruptCorpusObjectIsAControlFailureNamingTheObjectAndBothDigestsAndIsNotCopied() throws IOException {
        List<FindingRecord> found = threeFindings();
        Digest damaged = found.get(0).input();
        Path object = campaign.layout.corpus().resolve(damaged.hex());
        TestCampaign.flipFirstByte(object);
        String actual = ContentHasher.hashFile(object).digest().hex();
        Path out = root.resolve("out");

        CommandRun run = campaign.cli("findings", "--copy-to", out.toString());

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(run.err()).contains("object content does not match its name", "path=" + object,
                "expected=" + damaged.hex(), "actual=" + actual);
        assertThat(files(out)).as("the hang's input, copied before; nothing of the damaged one, no temporary file")
                .containsExactly("edges:77/" + found.get(1).input().hex());
        assertThat(out.resolve("stack:0a0b")).as("no empty signature directory for the damaged input").doesNotExist();
    }

    @Test
    void aMissingCorpusObjectIsAControlFailure() throws IOException {
        List<FindingRecord> found = threeFindings();
        Path object = campaign.layout.corpus().resolve(found.get(1).input().hex());
        Files.delete(object);

        CommandRun run = campaign.cli("findings", "--copy-to", root.resolve("out").toString());

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(run.err()).contains("object is missing", "path=" + object);
    }

    @Test
    void aCopyDirectoryWhoseParentDoesNotExistIsAUsageError() {
        threeFindings();

        CommandRun run = campaign.cli("findings", "--copy-to", root.resolve("no/such/out").toString());

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("no existing parent directory");
    }
}
