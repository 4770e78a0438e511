package io.frontier.tools.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.corpus.fsck.CheckProgress;
import io.frontier.store.corpus.fsck.CorpusCheck;
import io.frontier.store.corpus.fsck.CorpusCheckReport;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.manifest.Child;
import io.frontier.store.manifest.Outcome;
import io.frontier.store.corpus.Digest;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.record.WorkState;
import io.frontier.tools.CommandRun;
import java.io.IOException;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What must hold after a campaign was interrupted, by whatever fault, and resumed to its end:
 * checked on the store, the corpus and the campaign directory, never on what the jobs said.
 */
final class ResumeInvariants {

    private ResumeInvariants() {
    }

    /**
     * Every seed and every child was executed and completed exactly once: {@code items} work
     * items, all done, each with exactly one manifest entry, which completed; every child of
     * every entry is an item and every item that is not a seed is a child, enqueued once however
     * many parents produced it; the counters agree; every public object verifies against its
     * name and the corpus holds exactly the items; no stage tree is left; and the last job said
     * it ended.
     */
    static void assertFinishedExactlyOnce(CampaignHarness campaign, Collection<Digest> seeds, int items)
            throws IOException {
        CampaignLedger ledger = campaign.ledger();
        assertThat(ledger.works()).as("work items").hasSize(items);
        assertThat(ledger.works().keySet()).as("every seed is an item").containsAll(seeds);
        for (WorkRecord work : ledger.works().values()) {
            assertThat(work.state()).as("state of %s", work.id()).isEqualTo(WorkState.DONE);
            List<CampaignLedger.Entry> entries = ledger.entriesOf(work.id());
            assertThat(entries).as("manifest entries of %s", work.id()).hasSize(1);
            CampaignLedger.Entry entry = entries.get(0);
            assertThat(entry.outcome()).as("outcome of the entry of %s", work.id()).isNotNull();
            assertThat(entry.outcome().outcome()).as("outcome of the entry of %s", work.id()).isEqualTo(Outcome.DONE);
            assertThat(entry.head().result()).as("the entry is the result %s completed", work.id())
                    .isEqualTo(work.result());
        }
        assertThat(ledger.manifest()).as("manifest entries").hasSize(items);

        Set<Digest> children = new HashSet<>();
        ledger.manifest().forEach(entry -> entry.children().stream().map(Child::digest).forEach(children::add));
        Set<Digest> notSeeds = new TreeSet<>(ledger.works().keySet());
        notSeeds.removeAll(seeds);
        assertThat(ledger.works().keySet()).as("every child is an item").containsAll(children);
        assertThat(children).as("every item that is not a seed is a child").containsAll(notSeeds);
        for (Digest child : notSeeds) {
            Digest parent = ledger.works().get(child).parent();
            assertThat(ledger.entriesOf(parent)).as("the parent of %s produced it", child)
                    .allSatisfy(entry -> assertThat(entry.children()).extracting(Child::digest).contains(child));
        }
        int enqueued = ledger.manifest().stream().mapToInt(entry -> entry.outcome().enqueued()).sum();
        assertThat(enqueued).as("children enqueued, each once").isEqualTo(notSeeds.size());

        assertThat(ledger.counts().get(Counter.DONE)).as("done counter").isEqualTo(items);
        assertThat(ledger.counts().unfinished()).as("unfinished counters").isZero();

        CorpusCheckReport check = new CorpusCheck(campaign.campaign.resolve("corpus")).run(CheckProgress.NONE);
        assertThat(check.findings()).as("corpus check findings").isEmpty();
        assertThat(campaign.corpusObjects()).as("corpus objects are exactly the items")
                .containsExactlyInAnyOrderElementsOf(ledger.works().keySet().stream().map(Digest::hex).toList());
        assertThat(campaign.stageDirectories()).as("stage trees left").isEmpty();

        assertThat(ledger.heartbeat()).as("heartbeat").isNotNull();
        assertThat(ledger.heartbeat().epoch()).as("heartbeat epoch").isEqualTo(ledger.epoch().epoch());
        assertThat(ledger.heartbeat().ended()).as("the last job said it ended").isTrue();
    }

    /**
     * Every round of every item was committed and completed exactly once, in a campaign whose
     * items go back to a lower tier for more rounds: each item of {@code rounds} is done and has
     * exactly that many manifest entries, one per round from 0 up, each completed, each with its
     * own result, the last being the result the item holds; each child was enqueued once however
     * many rounds produced it; the counters agree; the corpus holds exactly the items, every
     * object intact; no stage tree is left; and the last job said it ended.
     */
    static void assertEveryRoundFinishedExactlyOnce(CampaignHarness campaign, Map<Digest, Integer> rounds)
            throws IOException {
        CampaignLedger ledger = campaign.ledger();
        assertThat(ledger.works().keySet()).as("work items").containsExactlyInAnyOrderElementsOf(rounds.keySet());
        for (WorkRecord work : ledger.works().values()) {
            assertThat(work.state()).as("state of %s", work.id()).isEqualTo(WorkState.DONE);
            List<CampaignLedger.Entry> entries = ledger.entriesOf(work.id());
            assertThat(entries).extracting(entry -> entry.head().round()).as("rounds of %s", work.id())
                    .containsExactlyInAnyOrderElementsOf(java.util.stream.IntStream.range(0, rounds.get(work.id()))
                            .boxed().toList());
            assertThat(entries).extracting(entry -> entry.head().result()).as("results of %s", work.id())
                    .doesNotHaveDuplicates().contains(work.result());
            for (CampaignLedger.Entry entry : entries) {
                assertThat(entry.outcome()).as("outcome of round %d of %s", entry.head().round(), work.id()).isNotNull();
                assertThat(entry.outcome().outcome()).as("outcome of round %d of %s", entry.head().round(), work.id())
                        .isEqualTo(Outcome.DONE);
            }
        }
        int children = rounds.size() - (int) ledger.works().values().stream().filter(work -> work.parent() == null).count();
        int enqueued = ledger.manifest().stream().mapToInt(entry -> entry.outcome().enqueued()).sum();
        assertThat(enqueued).as("children enqueued, each once").isEqualTo(children);
        assertThat(ledger.counts().get(Counter.DONE)).as("done counter").isEqualTo(rounds.size());
        assertThat(ledger.counts().unfinished()).as("unfinished counters").isZero();

        CorpusCheckReport check = new CorpusCheck(campaign.campaign.resolve("corpus")).run(CheckProgress.NONE);
        assertThat(check.findings()).as("corpus check findings").isEmpty();
        assertThat(campaign.corpusObjects()).as("corpus objects are exactly the items")
                .containsExactlyInAnyOrderElementsOf(rounds.keySet().stream().map(Digest::hex).toList());
        assertThat(campaign.stageDirectories()).as("stage trees left").isEmpty();
        assertThat(ledger.heartbeat().ended()).as("the last job said it ended").isTrue();
    }

    /**
     * Every slice of every fuzzing session was committed and completed exactly once: each session
     * item has one manifest entry per round from 0 up to the round it waits for, each with its own
     * result and completed; every kept child of every entry is in the corpus, every object there
     * verifies against its name; no stage tree is left; and the last job said it ended.
     */
    static void assertEverySliceCommittedOnce(CampaignHarness campaign) throws IOException {
        CampaignLedger ledger = campaign.ledger();
        List<WorkRecord> sessions = ledger.works().values().stream().filter(work -> work.session() != null).toList();
        assertThat(sessions).as("session items").isNotEmpty();
        for (WorkRecord session : sessions) {
            List<CampaignLedger.Entry> entries = ledger.entriesOf(session.id());
            int committed = session.state() == WorkState.PENDING ? session.round() : session.round() + 1;
            assertThat(entries).extracting(entry -> entry.head().round()).as("slices of %s", session.id())
                    .containsExactlyInAnyOrderElementsOf(java.util.stream.IntStream.range(0, committed).boxed().toList());
            assertThat(entries).extracting(entry -> entry.head().result()).as("results of %s", session.id())
                    .doesNotHaveDuplicates();
            for (CampaignLedger.Entry entry : entries) {
                assertThat(entry.outcome()).as("outcome of slice %d of %s", entry.head().round(), session.id())
                        .isNotNull();
                assertThat(entry.outcome().outcome()).isEqualTo(Outcome.DONE);
            }
        }
        Set<String> kept = new HashSet<>();
        ledger.manifest().forEach(entry -> entry.children().stream().filter(child -> child.fate().kept())
                .forEach(child -> kept.add(child.digest().hex())));
        assertThat(campaign.corpusObjects()).as("every kept find is in the corpus").containsAll(kept);
        CorpusCheckReport check = new CorpusCheck(campaign.campaign.resolve("corpus")).run(CheckProgress.NONE);
        assertThat(check.findings()).as("corpus check findings").isEmpty();
        assertThat(campaign.stageDirectories()).as("stage trees left").isEmpty();
        assertThat(ledger.heartbeat().ended()).as("the last job said it ended").isTrue();
    }

    /**
     * Resuming re-executed nothing that was done or committed before: every item done or
     * committing in {@code before} kept its result and its attempts, and every manifest entry
     * of {@code before} is still there unchanged (the manifest is append-only).
     */
    static void assertNothingDoneWasRedone(CampaignLedger before, CampaignLedger after) {
        for (WorkRecord earlier : before.works().values()) {
            if (earlier.state() == WorkState.DONE || earlier.state() == WorkState.COMMITTING) {
                WorkRecord now = after.works().get(earlier.id());
                assertThat(now.result()).as("result of %s, %s before", earlier.id(), earlier.state())
                        .isEqualTo(earlier.result());
                assertThat(now.attempts()).as("attempts of %s, %s before", earlier.id(), earlier.state())
                        .isEqualTo(earlier.attempts());
            }
        }
        for (CampaignLedger.Entry entry : before.manifest()) {
            assertThat(after.manifest()).extracting(CampaignLedger.Entry::head).contains(entry.head());
        }
    }

    /**
     * No write of epoch {@code fenced} reached the store after {@code before} was read, which was
     * after that epoch was fenced off: its footprint (records stamped with it, its coordinators'
     * receipts, its heartbeat) can only have shrunk.
     */
    static void assertFencedEpochWroteNothing(Map<String, String> before, CampaignLedger after, long fenced,
                                              CampaignKeys keys) {
        Map<String, String> now = after.footprintOf(fenced, keys);
        for (Map.Entry<String, String> written : now.entrySet()) {
            assertThat(before).as("a key of epoch %d written after it was fenced off: %s", fenced, written.getKey())
                    .containsEntry(written.getKey(), written.getValue());
        }
    }

    /** {@code frontier manifest verify} and {@code frontier corpus fsck}, run as a user runs them, find nothing wrong. */
    static void assertIntegrityCommandsClean(CampaignHarness campaign) {
        CommandRun verify = CommandRun.of("manifest", "verify", campaign.campaign.toString());
        assertThat(verify.exitCode()).as("manifest verify: %s", verify).isZero();
        CommandRun fsck = CommandRun.of("corpus", "fsck", campaign.campaign.toString());
        assertThat(fsck.exitCode()).as("corpus fsck: %s", fsck).isZero();
    }
}
