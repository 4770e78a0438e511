package io.frontier.tools.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.frontier.store.campaign.CommitTicket;
import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.corpus.fs.TemporaryNames;
import io.frontier.store.manifest.Child;
import io.frontier.store.manifest.ChildFate;
import io.frontier.store.manifest.ManifestEntry;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.record.WorkState;
import io.frontier.store.wire.FindingKind;
import io.frontier.tools.CommandRun;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.TestCampaign;
import io.frontier.tools.TestCampaign.Declared;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
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
        // These tests are about redundant children, which only novelty-only exploration records.
        campaign = TestCampaign.create(root, "--exploration", "novelty");
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
        assertThat(report.get("workRecords").asLong()).isEqualTo(3);
        assertThat(report.get("objectsRequired").asLong()).as("each seed's input").isEqualTo(3);
        assertThat(report.get("missing").asLong()).isZero();
        assertThat(json.err()).isEmpty();
        assertThat(human.exitCode()).isZero();
        assertThat(human.out()).contains("3 entries, 3 objects intact", "store: 3 work records", "clean");
    }

    /**
     * A user deletes two objects the store requires: a child that is queued as work, and a
     * finding that was promoted but is no work. Objects that may be absent are there too and
     * must not be reported: the unpromoted children of an open entry (still staged), and a
     * redundant child (never promoted).
     */
    @Test
    void aDeletedObjectThatTheStoreRequiresExitsSeventyNamingItsPathAndTheRecordThatRequiresIt() throws IOException {
        WorkRecord crashing = campaign.leased("crashing parent", TestCampaign.ALICE);
        campaign.finding(crashing, "crashing input", "stack:00aa", FindingKind.CRASH, 11, "afl");
        CommitTicket open = campaign.commit(campaign.leased("open parent", TestCampaign.ALICE), "afl", null,
                Declared.covering("staged wide", 1, 2), Declared.covering("redundant narrow", 1));
        assertThat(open.children()).extracting(Child::fate).containsExactly(ChildFate.FRONTIER, ChildFate.REDUNDANT);
        ManifestEntry done = campaign.done("parent", "kid");
        WorkRecord parent = campaign.store.work(done.work());
        Files.delete(campaign.object("kid"));
        Files.delete(campaign.object("crashing input"));
        assertThat(campaign.object("staged wide")).as("not promoted yet").doesNotExist();
        assertThat(campaign.object("redundant narrow")).as("never promoted").doesNotExist();

        CommandRun json = campaign.cli("corpus fsck", "--json");
        CommandRun human = campaign.cli("corpus fsck");

        assertThat(json.exitCode()).as(json.toString()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        JsonNode report = json.json();
        assertThat(report.get("clean").asBoolean()).isFalse();
        assertThat(report.get("corrupt").asLong()).isZero();
        assertThat(report.get("missing").asLong()).isEqualTo(2);
        Map<String, JsonNode> missing = new HashMap<>();
        report.get("findings").forEach(finding -> missing.put(finding.get("name").asText(), finding));
        assertThat(missing).containsOnlyKeys(TestCampaign.idOf("kid").hex(), TestCampaign.idOf("crashing input").hex());
        JsonNode kid = missing.get(TestCampaign.idOf("kid").hex());
        assertThat(kid.get("kind").asText()).isEqualTo("MISSING");
        assertThat(kid.get("referencedBy").asText()).isEqualTo("work " + TestCampaign.idOf("kid").hex()
                + " (pending, a child of work " + parent.id().hex() + ")");
        assertThat(kid.get("detail").asText()).contains(campaign.object("kid").toString(),
                "Put a file with exactly these bytes under this name");
        JsonNode finding = missing.get(TestCampaign.idOf("crashing input").hex());
        assertThat(finding.get("kind").asText()).isEqualTo("MISSING");
        assertThat(finding.get("referencedBy").asText()).startsWith("child 0 (finding, promoted) of manifest entry ")
                .endsWith("(done) of work " + crashing.id().hex());
        assertThat(human.exitCode()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(human.out()).contains("missing objects: 2", "MISSING", TestCampaign.idOf("kid").hex(),
                "REFERENCED BY");
    }

    /** An abandoned item never runs again, so its input is not required; a pending one's is. */
    @Test
    void theInputOfAnAbandonedItemIsNotRequiredButThatOfAPendingOneIs() throws IOException {
        try (TestCampaign once = TestCampaign.create(root.resolve("once"), "--max-attempts", "1")) {
            ManifestEntry entry = once.commit(once.leased("given up", TestCampaign.ALICE), "lost child");
            once.store.abandon(once.epoch, entry.work(), entry.result(), "staged children lost", TestCampaign.now());
            assertThat(once.store.work(entry.work()).state()).isEqualTo(WorkState.ABANDONED);
            once.seed("still pending");
            Files.delete(once.object("given up"));
            Files.delete(once.object("still pending"));

            CommandRun run = once.cli("corpus fsck", "--json");

            assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.CONTROL_FAILURE);
            assertThat(run.json().get("findings")).singleElement().satisfies(finding -> {
                assertThat(finding.get("kind").asText()).isEqualTo("MISSING");
                assertThat(finding.get("name").asText()).isEqualTo(TestCampaign.idOf("still pending").hex());
                assertThat(finding.get("referencedBy").asText()).contains("(pending, a seed)");
            });
        }
    }

    @Test
    void anUnreadableWorkRecordIsAControlFailureSinceWhatItRequiresIsUnknown() {
        byte[] key = campaign.store.keys().work(TestCampaign.idOf("two"));
        campaign.kv.run(tx -> {
            tx.set(key, "{\"schema\":1".getBytes(StandardCharsets.UTF_8));
            return null;
        });

        CommandRun run = campaign.cli("corpus fsck", "--json");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(run.json().get("unreadableRecords").asLong()).isEqualTo(1);
        assertThat(run.json().get("findings")).singleElement().satisfies(finding -> {
            assertThat(finding.get("kind").asText()).isEqualTo("UNREADABLE_RECORD");
            assertThat(finding.get("name").asText()).isEqualTo(HexFormat.of().formatHex(key));
        });
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
