package io.frontier.tools.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.frontier.store.campaign.ItemResult;
import io.frontier.store.campaign.Promotion;
import io.frontier.store.manifest.ManifestEntry;
import io.frontier.store.record.RecordCodec;
import io.frontier.store.corpus.Digest;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.view.EntryId;
import io.frontier.store.view.ManifestView;
import io.frontier.tools.CommandRun;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.TestCampaign;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ManifestCommandTest {

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

    /** Commits one entry per seed, in the order given, all left open; returns their result ids in that order. */
    private List<String> committedInOrder(String... seeds) {
        List<Digest> ids = new ArrayList<>();
        for (String seed : seeds) {
            ids.add(campaign.seed(seed));
        }
        Map<Digest, WorkRecord> leased = campaign.claimAll(TestCampaign.ALICE);
        List<String> results = new ArrayList<>();
        for (int i = 0; i < seeds.length; i++) {
            results.add(campaign.commit(leased.get(ids.get(i)), "child of " + seeds[i]).result().hex());
        }
        return results;
    }

    private EntryId idOf(ManifestEntry entry) {
        return new ManifestView(campaign.kv, campaign.store.keys()).entry(entry.result()).orElseThrow().id();
    }

    private static List<String> results(JsonNode listing) {
        List<String> results = new ArrayList<>();
        listing.get("entries").forEach(entry -> results.add(entry.get("result").asText()));
        return results;
    }

    // ---- list --------------------------------------------------------------------------------

    @Test
    void listIsInCommitOrderAndPagesOnWithAfter() {
        List<String> committed = committedInOrder("zulu", "alpha", "mike", "bravo", "yankee");

        JsonNode first = campaign.cli("manifest list", "--json", "--limit", "2").json();
        JsonNode second = campaign.cli("manifest list", "--json", "--limit", "2", "--after", first.get("next").asText()).json();
        JsonNode third = campaign.cli("manifest list", "--json", "--limit", "2", "--after", second.get("next").asText()).json();

        List<String> listed = new ArrayList<>(results(first));
        listed.addAll(results(second));
        listed.addAll(results(third));
        assertThat(listed).containsExactlyElementsOf(committed);
        assertThat(third.get("next").isNull()).isTrue();
        assertThat(results(campaign.cli("manifest list", "--json").json())).containsExactlyElementsOf(committed);
    }

    @Test
    void listShowsEachEntrysWorkTokenEpochStageChildrenAndOutcome() {
        ManifestEntry done = campaign.done("done seed", "kid one", "kid two");
        ManifestEntry open = campaign.commit(campaign.leased("open seed", TestCampaign.BOB), "kid three");

        JsonNode entries = campaign.cli("manifest list", "--json").json().get("entries");
        CommandRun human = campaign.cli("manifest list");

        assertThat(entries).hasSize(2);
        JsonNode first = entries.get(0);
        assertThat(first.get("entry").asText()).isEqualTo(idOf(done).hex());
        assertThat(first.get("work").asText()).isEqualTo(done.work().hex());
        assertThat(first.get("token").asText()).isEqualTo(done.token().hex());
        assertThat(first.get("epoch").asLong()).isEqualTo(1);
        assertThat(first.get("stage").asText()).isEqualTo(done.stage());
        assertThat(first.get("children").asInt()).isEqualTo(2);
        assertThat(first.get("promoted").asInt()).isEqualTo(2);
        assertThat(first.get("outcome").asText()).isEqualTo("done");
        assertThat(first.get("exitKind").asText()).isEqualTo("ok");
        assertThat(entries.get(1).get("outcome").asText()).isEqualTo("open");
        assertThat(entries.get(1).get("promoted").asInt()).isZero();
        assertThat(human.out()).contains("ENTRY", "OUTCOME", idOf(open).hex(), open.work().hex().substring(0, 12),
                open.token().hex().substring(0, 8), "0/1", "2/2");
        assertThat(human.out()).doesNotContain(open.work().hex());
    }

    @Test
    void humanListSaysHowToGoOnWhenThereIsMore() {
        committedInOrder("a", "b");

        CommandRun run = campaign.cli("manifest list", "--limit", "1");

        assertThat(run.err()).contains("more: frontier manifest list", "--after");
    }

    @Test
    void aMalformedAfterIsAUsageError() {
        CommandRun run = campaign.cli("manifest list", "--after", "XYZ");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("manifest entry id is not 24 lowercase hexadecimal characters", "XYZ");
    }

    // ---- show --------------------------------------------------------------------------------

    @Test
    void showListsEveryChildWithItsCompletionMark() {
        ManifestEntry entry = campaign.commit(campaign.leased("parent", TestCampaign.ALICE), "first", "second", "third");
        campaign.store.markPromoted(campaign.epoch, List.of(new Promotion(entry.work(), entry.result(), 1)))
                .forEach(ItemResult::orThrow);

        CommandRun byId = campaign.cli("manifest show", idOf(entry).hex(), "--json");
        CommandRun byResult = campaign.cli("manifest show", entry.result().hex(), "--json");
        CommandRun human = campaign.cli("manifest show", entry.result().hex());

        assertThat(byId.exitCode()).as(byId.toString()).isZero();
        JsonNode detail = byId.json();
        assertThat(detail).isEqualTo(byResult.json());
        assertThat(detail.get("workState").asText()).isEqualTo("committing");
        assertThat(detail.get("outcome").isNull()).isTrue();
        JsonNode children = detail.get("children");
        assertThat(children).hasSize(3);
        assertThat(children.get(0).get("digest").asText()).isEqualTo(TestCampaign.idOf("first").hex());
        assertThat(children.get(0).get("promoted").asBoolean()).isFalse();
        assertThat(children.get(1).get("promoted").asBoolean()).isTrue();
        assertThat(children.get(2).get("size").asLong()).isEqualTo(5);
        assertThat(detail.get("execution").get("wallMillis").asLong()).isEqualTo(5);
        assertThat(human.out()).contains("outcome    open", "execution  ok, exit 0, 5 ms", "children   3, 1 promoted", TestCampaign.idOf("third").hex())
                .containsPattern("1\\s+" + TestCampaign.idOf("second").hex() + "\\s+6\\s+yes");
    }

    @Test
    void showOfADoneEntryGivesItsOutcome() {
        ManifestEntry entry = campaign.done("parent", "kid");

        JsonNode detail = campaign.cli("manifest show", entry.result().hex(), "--json").json();

        assertThat(detail.get("workState").asText()).isEqualTo("done");
        assertThat(detail.get("outcome").get("outcome").asText()).isEqualTo("done");
        assertThat(detail.get("outcome").get("enqueued").asInt()).isEqualTo(1);
    }

    @Test
    void showOfAnUnknownEntryIsAClearError() {
        campaign.done("parent", "kid");
        String unknown = "00000000000000000001ffff";

        CommandRun run = campaign.cli("manifest show", unknown);

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("manifest has no such entry", "entry=" + unknown, "campaign=" + campaign.directory);
        assertThat(run.out()).isEmpty();
    }

    @Test
    void showOfSomethingThatIsNoEntryIdIsAUsageError() {
        CommandRun run = campaign.cli("manifest show", "seed-7");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("entry must be an entry id (24 hexadecimal characters) or a result id (32)");
    }

    @Test
    void showOfADamagedEntryIsAControlFailureNamingItsKey() {
        ManifestEntry entry = campaign.done("parent", "kid");
        byte[] head = campaign.store.keys().manifest(idOf(entry).versionstamp(), 0);
        campaign.kv.run(tx -> {
            tx.set(head, "{\"schema\": 1}".getBytes(StandardCharsets.UTF_8));
            return null;
        });

        CommandRun run = campaign.cli("manifest show", entry.result().hex());

        assertThat(run.exitCode()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(run.err()).contains(HexFormat.of().formatHex(head));
    }

    // ---- verify ------------------------------------------------------------------------------

    @Test
    void verifyIsCleanWhenEveryPromotedObjectAndMarkAgrees() {
        campaign.done("one", "kid a", "kid b");
        campaign.done("two", "kid b", "kid c");
        campaign.commit(campaign.leased("three", TestCampaign.ALICE), "kid d");

        CommandRun json = campaign.cli("manifest verify", "--json");
        CommandRun human = campaign.cli("manifest verify");

        assertThat(json.exitCode()).as(json.toString()).isZero();
        JsonNode report = json.json();
        assertThat(report.get("clean").asBoolean()).isTrue();
        assertThat(report.get("entries").asLong()).isEqualTo(3);
        assertThat(report.get("done").asLong()).isEqualTo(2);
        assertThat(report.get("open").asLong()).isEqualTo(1);
        assertThat(report.get("objectsVerified").asLong()).isEqualTo(4);
        assertThat(report.get("problems")).isEmpty();
        assertThat(json.err()).as("no progress in --json mode").isEmpty();
        assertThat(human.exitCode()).isZero();
        assertThat(human.out()).contains("3 entries (2 done, 0 abandoned, 1 open)", "clean");
    }

    @Test
    void verifyFindsAFlippedByteInAPromotedObject() {
        ManifestEntry entry = campaign.done("parent", "kid a", "kid b");
        TestCampaign.flipFirstByte(campaign.object("kid b"));

        CommandRun run = campaign.cli("manifest verify", "--json");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        JsonNode problem = run.json().get("problems").get(0);
        assertThat(run.json().get("problems")).hasSize(1);
        assertThat(problem.get("kind").asText()).isEqualTo("CORRUPT_OBJECT");
        assertThat(problem.get("entry").asText()).isEqualTo(idOf(entry).hex());
        assertThat(problem.get("child").asInt()).isEqualTo(1);
        assertThat(problem.get("expected").asText()).isEqualTo(TestCampaign.idOf("kid b").hex());
        assertThat(problem.get("actual").asText()).isNotEqualTo(problem.get("expected").asText()).hasSize(64);
        assertThat(campaign.cli("manifest verify").out()).contains("problems: 1", "CORRUPT_OBJECT");
    }

    @Test
    void verifyFindsAMissingPromotedObject() throws IOException {
        campaign.done("parent", "kid");
        Files.delete(campaign.object("kid"));

        CommandRun run = campaign.cli("manifest verify", "--json");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(run.json().get("problems").get(0).get("kind").asText()).isEqualTo("MISSING_OBJECT");
        assertThat(run.json().get("problems").get(0).get("digest").asText()).isEqualTo(TestCampaign.idOf("kid").hex());
    }

    @Test
    void verifyFindsADoneEntryWhoseMarksWereLost() {
        ManifestEntry entry = campaign.done("parent", "kid a", "kid b");
        campaign.kv.run(tx -> {
            tx.set(campaign.store.keys().promoted(idOf(entry).versionstamp()), new byte[] {1});
            return null;
        });

        CommandRun run = campaign.cli("manifest verify", "--json");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        JsonNode problems = run.json().get("problems");
        assertThat(problems).hasSize(1);
        assertThat(problems.get(0).get("kind").asText()).isEqualTo("UNMARKED_CHILD");
        assertThat(problems.get(0).get("child").asInt()).isEqualTo(1);
    }

    @Test
    void verifyFindsAWorkRecordThatContradictsItsEntrysOutcome() {
        ManifestEntry entry = campaign.done("parent", "kid");
        WorkRecord done = campaign.store.work(entry.work());
        campaign.kv.run(tx -> {
            tx.set(campaign.store.keys().work(entry.work()), RecordCodec.WORK.encode(done.released(campaign.epoch)));
            return null;
        });

        CommandRun run = campaign.cli("manifest verify", "--json");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        JsonNode problem = run.json().get("problems").get(0);
        assertThat(problem.get("kind").asText()).isEqualTo("WORK_STATE");
        assertThat(problem.get("detail").asText()).contains("work is pending", "the entry is done");
    }

    @Test
    void verifyFindsAChildOfADoneEntryThatIsNotKnownAsWork() {
        campaign.done("parent", "kid");
        campaign.kv.run(tx -> {
            tx.clear(campaign.store.keys().work(TestCampaign.idOf("kid")));
            return null;
        });

        CommandRun run = campaign.cli("manifest verify", "--json");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(run.json().get("problems").get(0).get("kind").asText()).isEqualTo("UNKNOWN_CHILD");
    }
}
