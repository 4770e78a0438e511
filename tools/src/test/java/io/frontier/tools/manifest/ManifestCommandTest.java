package io.frontier.tools.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.frontier.store.campaign.CommitTicket;
import io.frontier.store.campaign.ItemResult;
import io.frontier.store.campaign.Promotion;
import io.frontier.store.manifest.Child;
import io.frontier.store.manifest.ChildFate;
import io.frontier.store.manifest.ManifestEntry;
import io.frontier.store.record.RecordCodec;
import io.frontier.store.corpus.Digest;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.view.EntryId;
import io.frontier.store.view.ManifestView;
import io.frontier.store.wire.DeclaredFinding;
import io.frontier.store.wire.FindingKind;
import io.frontier.tools.CommandRun;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.TestCampaign;
import io.frontier.tools.TestCampaign.Declared;
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
        // These tests are about redundant children, which only novelty-only exploration records.
        campaign = TestCampaign.create(root, "--exploration", "novelty");
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

    static final DeclaredFinding SEGV = new DeclaredFinding(FindingKind.CRASH, 11, "stack:00aa");

    /**
     * Commits {@code seed} in a campaign that triages, with four children as the commit decision
     * sees them: "wide" reaches edges {@code base + 1} to {@code base + 3} first (frontier, 3 new
     * edges), "narrow" only edges among those (redundant), "crash" made the target crash (a
     * finding) and "further" reaches {@code base + 4} first (frontier, 1 new edge). Each child's
     * content is its name, a blank and the seed. Finished unless {@code open}; returns the ticket.
     */
    private CommitTicket triaged(String seed, int base, boolean open) {
        CommitTicket ticket = campaign.commit(campaign.leased(seed, TestCampaign.ALICE), "afl", null,
                Declared.covering(child("wide", seed), base + 1, base + 2, base + 3),
                Declared.covering(child("narrow", seed), base + 1, base + 3),
                Declared.finding(child("crash", seed), SEGV),
                Declared.covering(child("further", seed), base + 3, base + 4));
        assertThat(ticket.children().stream().map(Child::fate)).containsExactly(ChildFate.FRONTIER,
                ChildFate.REDUNDANT, ChildFate.FINDING, ChildFate.FRONTIER);
        if (!open) {
            campaign.finish(ticket.entry().work());
        }
        return ticket;
    }

    private static String child(String name, String seed) {
        return name + " " + seed;
    }

    private static List<String> kinds(JsonNode report) {
        List<String> kinds = new ArrayList<>();
        report.get("problems").forEach(problem -> kinds.add(problem.get("kind").asText() + "@"
                + (problem.get("child").isNull() ? "-" : problem.get("child").asText())));
        return kinds;
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
    void listSplitsEachEntrysChildrenByFateAndCountsPromotedAgainstTheKeptOnes() {
        ManifestEntry done = triaged("seed", 0, false).entry();

        JsonNode entry = campaign.cli("manifest list", "--json").json().get("entries").get(0);
        CommandRun human = campaign.cli("manifest list");

        assertThat(entry.get("children").asInt()).isEqualTo(4);
        assertThat(entry.get("frontier").asInt()).isEqualTo(2);
        assertThat(entry.get("redundant").asInt()).isEqualTo(1);
        assertThat(entry.get("findings").asInt()).isEqualTo(1);
        assertThat(entry.get("promoted").asInt()).isEqualTo(3);
        assertThat(entry.get("outcome").asText()).isEqualTo("done");
        assertThat(human.out()).contains("FRONTIER", "REDUNDANT", "FINDINGS", "PROMOTED")
                .containsPattern(idOf(done).hex() + ".*\\s2\\s+1\\s+1\\s+3/3\\s+done\\s");
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
        assertThat(children.get(1).get("fate").asText()).as("untriaged: frontier").isEqualTo("frontier");
        assertThat(children.get(1).get("newEdges").asInt()).isZero();
        assertThat(children.get(1).get("triaged").asBoolean()).isFalse();
        assertThat(human.out()).contains("outcome    open", "execution  ok, exit 0, 5 ms",
                        "children   3: 3 frontier, 0 redundant, 0 findings; 1 of 3 kept promoted; 0 new edges",
                        TestCampaign.idOf("third").hex())
                .containsPattern("1\\s+" + TestCampaign.idOf("second").hex() + "\\s+6\\s+frontier\\s+0\\s+yes");
    }

    @Test
    void showGivesEachChildsFateAndTheEdgesItReachedFirst() {
        ManifestEntry entry = triaged("seed", 0, false).entry();

        JsonNode detail = campaign.cli("manifest show", entry.result().hex(), "--json").json();
        CommandRun human = campaign.cli("manifest show", entry.result().hex());

        JsonNode children = detail.get("children");
        assertThat(children).hasSize(4);
        List<String> fates = new ArrayList<>();
        List<Integer> newEdges = new ArrayList<>();
        List<Boolean> triaged = new ArrayList<>();
        List<Boolean> promoted = new ArrayList<>();
        children.forEach(child -> {
            fates.add(child.get("fate").asText());
            newEdges.add(child.get("newEdges").asInt());
            triaged.add(child.get("triaged").asBoolean());
            promoted.add(child.get("promoted").asBoolean());
        });
        assertThat(fates).containsExactly("frontier", "redundant", "finding", "frontier");
        assertThat(newEdges).containsExactly(3, 0, 0, 1);
        assertThat(triaged).as("a finding's coverage is not compared").containsExactly(true, true, false, true);
        assertThat(promoted).containsExactly(true, false, true, true);
        assertThat(detail.get("outcome").get("enqueued").asInt()).as("the two frontier children").isEqualTo(2);
        assertThat(human.out()).contains("FATE", "NEW EDGES",
                        "children   4: 2 frontier, 1 redundant, 1 finding; 3 of 3 kept promoted; 4 new edges")
                .containsPattern("0\\s+" + TestCampaign.idOf("wide seed").hex() + "\\s+9\\s+frontier\\s+3\\s+yes")
                .containsPattern("1\\s+" + TestCampaign.idOf("narrow seed").hex() + "\\s+11\\s+redundant\\s+0\\s+-")
                .containsPattern("2\\s+" + TestCampaign.idOf("crash seed").hex() + "\\s+10\\s+finding\\s+0\\s+yes")
                .containsPattern("3\\s+" + TestCampaign.idOf("further seed").hex() + "\\s+12\\s+frontier\\s+1\\s+yes");
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

    @Test
    void verifyIsCleanOnATriagedCampaignWhoseRedundantChildrenWereNeverPromotedOrQueued() {
        triaged("done seed", 0, false);
        triaged("open seed", 10, true);

        CommandRun run = campaign.cli("manifest verify", "--json");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.json().get("problems")).isEmpty();
        assertThat(run.json().get("objectsVerified").asLong()).as("wide, crash and further").isEqualTo(3);
        assertThat(campaign.object(child("narrow", "done seed"))).as("redundant: never promoted").doesNotExist();
        assertThat(campaign.store.work(TestCampaign.idOf(child("narrow", "done seed")))).as("redundant: never queued")
                .isNull();
        assertThat(campaign.store.work(TestCampaign.idOf(child("crash", "done seed")))).as("a finding: never queued")
                .isNull();
    }

    @Test
    void verifyRequiresMarksForTheKeptChildrenOfADoneEntryAndNoneForARedundantOne() {
        ManifestEntry entry = triaged("seed", 0, false).entry();
        campaign.kv.run(tx -> {
            tx.clear(campaign.store.keys().promoted(idOf(entry).versionstamp()));
            return null;
        });

        JsonNode report = campaign.cli("manifest verify", "--json").json();

        assertThat(kinds(report)).containsExactly("UNMARKED_CHILD@0", "UNMARKED_CHILD@2", "UNMARKED_CHILD@3");
    }

    @Test
    void verifyFindsAFindingWhoseObjectIsMissingFromTheCorpus() throws IOException {
        ManifestEntry entry = triaged("seed", 0, false).entry();
        Files.delete(campaign.object("crash seed"));

        CommandRun run = campaign.cli("manifest verify", "--json");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(kinds(run.json())).containsExactly("MISSING_OBJECT@2");
        JsonNode problem = run.json().get("problems").get(0);
        assertThat(problem.get("entry").asText()).isEqualTo(idOf(entry).hex());
        assertThat(problem.get("digest").asText()).isEqualTo(TestCampaign.idOf("crash seed").hex());
    }

    @Test
    void verifyFindsAFindingChildWithoutItsFindingRecordInAnOpenEntryToo() {
        ManifestEntry entry = triaged("seed", 0, true).entry();
        campaign.kv.run(tx -> {
            tx.clear(campaign.store.keys().finding(SEGV.signature(), TestCampaign.idOf("crash seed")));
            return null;
        });

        CommandRun run = campaign.cli("manifest verify", "--json");
        CommandRun human = campaign.cli("manifest verify");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(kinds(run.json())).containsExactly("MISSING_FINDING@2");
        JsonNode problem = run.json().get("problems").get(0);
        assertThat(problem.get("entry").asText()).isEqualTo(idOf(entry).hex());
        assertThat(problem.get("work").asText()).isEqualTo(entry.work().hex());
        assertThat(problem.get("digest").asText()).isEqualTo(TestCampaign.idOf("crash seed").hex());
        assertThat(human.out()).contains("problems: 1", "MISSING_FINDING", "no readable finding record names it");
    }

    @Test
    void verifyFindsAnUnreadableFindingRecord() {
        triaged("seed", 0, false);
        byte[] key = campaign.store.keys().finding(SEGV.signature(), TestCampaign.idOf("crash seed"));
        campaign.kv.run(tx -> {
            tx.set(key, "{\"schema\": 1}".getBytes(StandardCharsets.UTF_8));
            return null;
        });

        JsonNode report = campaign.cli("manifest verify", "--json").json();

        assertThat(kinds(report)).containsExactly("UNREADABLE_FINDING@-", "MISSING_FINDING@2");
        assertThat(report.get("problems").get(0).get("detail").asText()).contains(HexFormat.of().formatHex(key));
    }

    @Test
    void verifyFindsAMarkOnARedundantChild() {
        ManifestEntry entry = triaged("seed", 0, false).entry();
        campaign.kv.run(tx -> {
            tx.set(campaign.store.keys().promoted(idOf(entry).versionstamp()), new byte[] {0x0f});
            return null;
        });

        JsonNode report = campaign.cli("manifest verify", "--json").json();

        assertThat(kinds(report)).containsExactly("STRAY_MARK@1");
        assertThat(report.get("problems").get(0).get("detail").asText()).contains("redundant");
    }
}
