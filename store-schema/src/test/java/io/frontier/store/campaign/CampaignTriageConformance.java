package io.frontier.store.campaign;

import static io.frontier.store.campaign.CampaignFixtures.dump;
import static io.frontier.store.campaign.CampaignFixtures.id;
import static io.frontier.store.campaign.CampaignFixtures.payload;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import io.frontier.store.corpus.Digest;
import io.frontier.store.coverage.Coverage;
import io.frontier.store.error.InvalidInputException;
import io.frontier.store.error.StaleTokenException;
import io.frontier.store.error.WrongStateException;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.TestKeyspace;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.manifest.Child;
import io.frontier.store.manifest.ChildFate;
import io.frontier.store.record.CampaignConfig;
import io.frontier.store.record.FindingRecord;
import io.frontier.store.record.Owner;
import io.frontier.store.record.RecordCodec;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.Token;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.record.WorkState;
import io.frontier.store.view.EdgeMapView;
import io.frontier.store.view.ExecutorTallies;
import io.frontier.store.view.ExecutorTally;
import io.frontier.store.view.ExecutorTallyView;
import io.frontier.store.view.Load;
import io.frontier.store.view.LoadView;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.wire.DeclaredFinding;
import io.frontier.store.wire.Execution;
import io.frontier.store.wire.FindingKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Coverage triage, findings and load inside the commit decision, run against every key-value
 * backend by a few-line subclass; each test uses a campaign of its own.
 */
public abstract class CampaignTriageConformance {

    static final double T0 = 2_000_000.0;
    static final double TTL = 30.0;
    static final Owner ALICE = Owner.of("epoch-1/rank-0");
    static final Owner BOB = Owner.of("epoch-1/rank-1");
    static final Execution AFL = new Execution("afl", "ok", 0, false, 1000, false);
    static final DeclaredFinding SEGV = new DeclaredFinding(FindingKind.CRASH, 11, "stack:00aa");

    protected KeyValueStore kv;
    protected CampaignKeys keys;
    protected CampaignStore store;
    protected long epoch;

    /** A store for one test; closed after it. */
    protected abstract KeyValueStore openStore() throws Exception;

    @BeforeEach
    protected void createCampaign() throws Exception {
        kv = openStore();
        keys = TestKeyspace.campaign("triage-" + UUID.randomUUID());
        store = new CampaignStore(kv, keys);
        epoch = store.init(CampaignConfig.of("triage", 8, 3), "job-1", T0).epoch();
    }

    @AfterEach
    protected void dropCampaign() {
        if (kv != null) {
            kv.run(tx -> {
                tx.clearRange(keys.all().begin(), keys.all().end());
                return null;
            });
            kv.close();
        }
    }

    // ---- helpers ---------------------------------------------------------------------------

    private Lease leased(String name, Owner owner) {
        store.admitSeed(epoch, payload(name));
        WorkRecord record = store.claim(epoch, owner, Set.of(), 1, T0, TTL).granted().get(0);
        assertThat(record.id()).isEqualTo(id(name));
        return new Lease(record.id(), record.token());
    }

    /** A child named {@code name} that reached {@code tuples}. */
    private static DeclaredChild covered(String name, int... tuples) {
        return new DeclaredChild(id(name), name.length(), Coverage.of(tuples), null);
    }

    private static DeclaredChild crashing(String name, DeclaredFinding finding) {
        return new DeclaredChild(id(name), name.length(), Coverage.of(new int[] {Coverage.tuple(1, 1)}), finding);
    }

    private static CommitRequest request(Lease lease, ResultId result, DeclaredFinding finding, DeclaredChild... children) {
        return new CommitRequest(lease, result, ".stage-1/3/" + result, List.of(children), AFL, finding);
    }

    private static CommitRequest request(Lease lease, DeclaredChild... children) {
        return request(lease, ResultId.random(), null, children);
    }

    /** Commits {@code children} for a new seed {@code name}; returns the children as decided. */
    private List<Child> decided(String name, DeclaredChild... children) {
        return store.beginCommit(epoch, request(leased(name, ALICE), children), T0).children();
    }

    private static List<ChildFate> fates(List<Child> children) {
        return children.stream().map(Child::fate).toList();
    }

    private List<String> everything() {
        return dump(kv, keys.all());
    }

    private FindingRecord finding(String signature, Digest input) {
        byte[] key = keys.finding(signature, input);
        byte[] value = kv.read(tx -> tx.get(key));
        return value == null ? null : RecordCodec.FINDING.decode(key, value);
    }

    // ---- triage ----------------------------------------------------------------------------

    @Test
    void aChildThatReachesANewTupleJoinsTheFrontierWithTheEdgesItReachedFirst() {
        List<Child> children = decided("a", covered("c1", Coverage.tuple(5, 1), Coverage.tuple(9, 2), Coverage.tuple(9, 3)));
        assertThat(children).containsExactly(Child.triaged(id("c1"), 2, ChildFate.FRONTIER, 2));
        assertThat(new EdgeMapView(kv, keys).read()).satisfies(map -> {
            assertThat(map.edges()).isEqualTo(2);
            assertThat(map.tuples()).isEqualTo(3);
        });
        assertThat(store.listCommitting(1).get(0).children()).as("the fate is in the manifest").isEqualTo(children);
    }

    @Test
    void aChildThatReachesOnlyKnownTuplesIsRedundant() {
        decided("a", covered("c1", Coverage.tuple(5, 1), Coverage.tuple(6, 40)));
        List<Child> again = decided("b", covered("c2", Coverage.tuple(6, 40)), covered("c3", Coverage.tuple(5, 1),
                Coverage.tuple(6, 100)));
        assertThat(again).containsExactly(Child.triaged(id("c2"), 2, ChildFate.REDUNDANT, 0),
                Child.triaged(id("c3"), 2, ChildFate.REDUNDANT, 0));
    }

    @Test
    void aHigherHitCountBucketOfAKnownEdgeIsAdmittedWithNoNewEdge() {
        decided("a", covered("c1", Coverage.tuple(5, 1)));
        List<Child> children = decided("b", covered("c2", Coverage.tuple(5, 200)));
        assertThat(children).containsExactly(Child.triaged(id("c2"), 2, ChildFate.FRONTIER, 0));
        assertThat(new EdgeMapView(kv, keys).read().tuples()).isEqualTo(2);
    }

    @Test
    void ofTwoChildrenOfOneRequestWithTheSameNewTupleTheFirstJoinsAndTheSecondIsRedundant() {
        List<Child> children = decided("a", covered("c1", Coverage.tuple(7, 1)), covered("c2", Coverage.tuple(7, 1)),
                covered("c3", Coverage.tuple(7, 1), Coverage.tuple(8, 1)));
        assertThat(fates(children)).containsExactly(ChildFate.FRONTIER, ChildFate.REDUNDANT, ChildFate.FRONTIER);
        assertThat(children.get(2).newEdges()).isEqualTo(1);
    }

    @Test
    void aRequestOfABatchSeesWhatEarlierRequestsOfTheBatchAdmitted() {
        Lease a = leased("a", ALICE);
        Lease b = leased("b", ALICE);
        List<ItemResult<CommitTicket>> tickets = store.beginCommits(epoch, List.of(
                request(a, covered("c1", Coverage.tuple(3, 1))), request(b, covered("c2", Coverage.tuple(3, 1)))), T0);
        assertThat(tickets.get(0).orThrow().children().get(0).fate()).isEqualTo(ChildFate.FRONTIER);
        assertThat(tickets.get(1).orThrow().children().get(0).fate()).isEqualTo(ChildFate.REDUNDANT);
    }

    @Test
    void aRefusedRequestOfABatchAdmitsNothingIntoTheMap() {
        Lease stale = new Lease(leased("a", ALICE).work(), Token.random());
        Lease b = leased("b", ALICE);
        List<ItemResult<CommitTicket>> tickets = store.beginCommits(epoch, List.of(
                request(stale, covered("c1", Coverage.tuple(3, 1))), request(b, covered("c2", Coverage.tuple(3, 1)))), T0);
        assertThat(tickets.get(0).failure()).isInstanceOf(StaleTokenException.class);
        assertThat(tickets.get(1).orThrow().children()).containsExactly(Child.triaged(id("c2"), 2, ChildFate.FRONTIER, 1));
    }

    @Test
    void aRequestRefusedForItsEntryRecordsNoFindingAndAdmitsNothing() {
        Lease lease = leased("a", ALICE);
        ResultId result = ResultId.random();
        CommitRequest unrecordable = new CommitRequest(lease, result, "s".repeat(2000), List.of(
                crashing("boom", SEGV), covered("c1", Coverage.tuple(3, 1))), AFL, SEGV);
        List<String> before = everything();
        assertThatThrownBy(() -> store.beginCommit(epoch, unrecordable, T0)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("stage location is empty or too long");
        assertThat(everything()).isEqualTo(before);
    }

    @Test
    void aChildWithoutCoverageJoinsTheFrontierUntriagedAndLeavesTheMapAlone() {
        decided("a", covered("c1", Coverage.tuple(3, 1)));
        List<String> map = dump(kv, keys.edgeMap());
        List<Child> children = decided("b", DeclaredChild.untriaged(id("c2"), 2));
        assertThat(children).containsExactly(Child.frontier(id("c2"), 2));
        assertThat(dump(kv, keys.edgeMap())).isEqualTo(map);
    }

    @Test
    void theMapIsMergedShardByShardAtFullWidth() {
        int far = 2 * CampaignKeys.EDGE_SHARD_BYTES + 5;
        decided("a", covered("c1", Coverage.tuple(far, 4), Coverage.tuple(4095, 1)));
        decided("b", covered("c2", Coverage.tuple(far, 1)));
        byte[] shard0 = kv.read(tx -> tx.get(keys.edges(0)));
        byte[] shard2 = kv.read(tx -> tx.get(keys.edges(2)));
        assertThat(shard0).hasSize(CampaignKeys.EDGE_SHARD_BYTES);
        assertThat(shard2).hasSize(CampaignKeys.EDGE_SHARD_BYTES);
        assertThat(shard0[4095]).isEqualTo((byte) 0b1);
        assertThat(shard2[5]).as("buckets 3 (4 hits) and 0 (1 hit)").isEqualTo((byte) 0b1001);
        byte[] shard1 = kv.read(tx -> tx.get(keys.edges(1)));
        assertThat(shard1).as("a shard nothing reached is not written").isNull();
    }

    @Test
    void theChildCountsCountDeclaredChildrenThoseThatReachedNothingNewAndCopiesOfKnownWorkEachOnce() {
        Lease a = leased("a", ALICE);
        Lease b = leased("b", ALICE);
        ResultId first = ResultId.random();
        store.beginCommit(epoch, request(a, first, null, covered("c1", Coverage.tuple(3, 1)),
                DeclaredChild.untriaged(id("u"), 1)), T0);
        store.markPromoted(epoch, List.of(new Promotion(a.work(), first, 0), new Promotion(a.work(), first, 1)));
        store.complete(epoch, a.work(), first, T0);
        ResultId second = ResultId.random();
        CommitRequest again = request(b, second, null, covered("c2", Coverage.tuple(3, 1)),
                DeclaredChild.untriaged(id("u"), 1), covered("c3", Coverage.tuple(4, 1)), covered("c1", Coverage.tuple(3, 1)));

        store.beginCommit(epoch, again, T0);
        store.beginCommit(epoch, again, T0);
        store.markPromoted(epoch, List.of(new Promotion(b.work(), second, 1), new Promotion(b.work(), second, 2)));
        store.complete(epoch, b.work(), second, T0);
        store.complete(epoch, b.work(), second, T0);

        ExecutorTally afl = new ExecutorTallyView(kv, keys).read().byExecutor().get("afl");
        assertThat(afl.children()).as("every declared child, each decision once").isEqualTo(6);
        assertThat(afl.redundant()).as("c2 and c1 reached nothing new").isEqualTo(2);
        assertThat(afl.knownBefore()).as("u was work when b's decision was taken; c1 is counted once, as redundant")
                .isEqualTo(1);
        assertThat(afl.redundantRatio()).isEqualTo(3.0 / 6);
    }

    @Test
    void aChildThatAnEarlierDecisionOfTheSameTransactionDeclaredIsACopyOfKnownWork() {
        Lease a = leased("a", ALICE);
        Lease b = leased("b", BOB);
        store.beginCommits(epoch, List.of(request(a, DeclaredChild.untriaged(id("v"), 1), covered("c1", Coverage.tuple(3, 1))),
                request(b, DeclaredChild.untriaged(id("v"), 1), covered("c1", Coverage.tuple(4, 1)))), T0);

        ExecutorTallies tallies = new ExecutorTallyView(kv, keys).read();
        assertThat(tallies.byOwner().get(ALICE.name()).get("afl").knownBefore()).as("a declared v first").isZero();
        assertThat(tallies.byOwner().get(BOB.name()).get("afl").knownBefore())
                .as("v and c1 (which reached a new tuple) were declared by a in the same transaction").isEqualTo(2);
    }

    // ---- findings --------------------------------------------------------------------------

    @Test
    void aCrashingChildIsAFindingRecordedOnceAndCountedOnceAcrossARepeatedDecision() {
        Lease lease = leased("a", ALICE);
        ResultId result = ResultId.random();
        CommitRequest request = request(lease, result, null, crashing("boom", SEGV), covered("c2", Coverage.tuple(3, 1)));
        CommitTicket first = store.beginCommit(epoch, request, T0 + 1);
        assertThat(first.children()).containsExactly(new Child(id("boom"), 4, ChildFate.FINDING, 0, false),
                Child.triaged(id("c2"), 2, ChildFate.FRONTIER, 1));
        assertThat(finding(SEGV.signature(), id("boom")))
                .isEqualTo(FindingRecord.of(id("boom"), SEGV, "afl", lease.work(), result, epoch, T0 + 1));
        assertThat(store.counts().get(Counter.FINDINGS)).isEqualTo(1);
        List<String> after = everything();
        CommitTicket again = store.beginCommit(epoch, request, T0 + 2);
        assertThat(again.repeated()).isTrue();
        assertThat(again.children()).as("the stored decision").isEqualTo(first.children());
        assertThat(everything()).isEqualTo(after);
        assertThat(store.counts().get(Counter.FINDINGS)).isEqualTo(1);
    }

    @Test
    void theSameFindingFromAnotherParentIsNotCountedAgainButAnotherSignatureIs() {
        decided("a", crashing("boom", SEGV));
        decided("b", crashing("boom", SEGV));
        assertThat(store.counts().get(Counter.FINDINGS)).isEqualTo(1);
        assertThat(finding(SEGV.signature(), id("boom")).work()).as("the first record stays").isEqualTo(id("a"));
        DeclaredFinding abort = new DeclaredFinding(FindingKind.CRASH, 6, "stack:00bb");
        decided("c", crashing("boom", abort));
        assertThat(store.counts().get(Counter.FINDINGS)).isEqualTo(2);
        assertThat(dump(kv, keys.findings())).hasSize(2);
    }

    @Test
    void aFindingsCoverageIsNotAdmittedIntoTheMap() {
        decided("a", new DeclaredChild(id("boom"), 4, Coverage.of(new int[] {Coverage.tuple(3, 1)}), SEGV));
        assertThat(dump(kv, keys.edgeMap())).isEmpty();
        assertThat(decided("b", covered("c2", Coverage.tuple(3, 1))).get(0).fate()).isEqualTo(ChildFate.FRONTIER);
    }

    @Test
    void theExecutedInputsOwnFindingIsRecordedForTheWorkItem() {
        Lease lease = leased("a", ALICE);
        ResultId result = ResultId.random();
        DeclaredFinding hang = new DeclaredFinding(FindingKind.HANG, 0, "signal:9");
        store.beginCommit(epoch, request(lease, result, hang), T0);
        assertThat(finding("signal:9", lease.work()))
                .isEqualTo(FindingRecord.of(lease.work(), hang, "afl", lease.work(), result, epoch, T0));
        assertThat(store.counts().get(Counter.FINDINGS)).isEqualTo(1);
    }

    // ---- promotion and completion follow the fates -----------------------------------------

    @Test
    void redundantChildrenAreNeitherMarkedNorNeededForCompletionNorEnqueued() {
        decided("a", covered("c1", Coverage.tuple(3, 1)));
        Lease lease = leased("b", ALICE);
        ResultId result = ResultId.random();
        CommitTicket ticket = store.beginCommit(epoch, request(lease, result, null,
                covered("dup", Coverage.tuple(3, 1)), covered("new", Coverage.tuple(4, 1))), T0);
        assertThat(fates(ticket.children())).containsExactly(ChildFate.REDUNDANT, ChildFate.FRONTIER);
        List<String> before = everything();
        assertThatThrownBy(() -> store.markPromoted(epoch, new Promotion(lease.work(), result, 0)))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("promotion names a child the entry does not keep");
        assertThat(everything()).isEqualTo(before);
        assertThatThrownBy(() -> store.complete(epoch, lease.work(), result, T0))
                .isInstanceOf(WrongStateException.class).hasMessageContaining("missing=1");
        store.markPromoted(epoch, new Promotion(lease.work(), result, 1));
        Completion completion = store.complete(epoch, lease.work(), result, T0);
        assertThat(completion.enqueued()).containsExactly(id("new"));
        assertThat(store.work(id("dup"))).isNull();
        assertThat(store.work(lease.work()).state()).isEqualTo(WorkState.DONE);
    }

    @Test
    void findingChildrenArePromotedButNotEnqueued() {
        Lease lease = leased("a", ALICE);
        ResultId result = ResultId.random();
        store.beginCommit(epoch, request(lease, result, null, crashing("boom", SEGV), covered("c2", Coverage.tuple(3, 1))), T0);
        store.markPromoted(epoch, new Promotion(lease.work(), result, 1));
        assertThatThrownBy(() -> store.complete(epoch, lease.work(), result, T0))
                .as("the finding's bytes must be kept first").isInstanceOf(WrongStateException.class)
                .hasMessageContaining("missing=1");
        store.markPromoted(epoch, new Promotion(lease.work(), result, 0));
        assertThat(store.complete(epoch, lease.work(), result, T0).enqueued()).containsExactly(id("c2"));
        assertThat(store.work(id("boom"))).isNull();
        assertThat(store.counts().get(Counter.PENDING)).isEqualTo(1);
    }

    @Test
    void enqueuedChildrenNameTheExecutorWhoseExecutionProducedThem() {
        Lease lease = leased("a", ALICE);
        ResultId result = ResultId.random();
        store.beginCommit(epoch, request(lease, result, null, covered("c1", Coverage.tuple(3, 1))), T0);
        store.markPromoted(epoch, new Promotion(lease.work(), result, 0));
        store.complete(epoch, lease.work(), result, T0);
        WorkRecord child = store.work(id("c1"));
        assertThat(child.origin()).isEqualTo("afl");
        assertThat(child.parent()).isEqualTo(lease.work());
        assertThat(store.work(lease.work()).origin()).as("a seed has no origin").isNull();
    }

    // ---- load ------------------------------------------------------------------------------

    @Test
    void everyCommitDecisionCountsOneExecutionForTheItemsHolderOnce() {
        Lease a = leased("a", ALICE);
        Lease b = leased("b", BOB);
        Lease c = leased("c", BOB);
        CommitRequest first = request(a);
        store.beginCommit(epoch, first, T0);
        store.beginCommit(epoch, first, T0);
        store.beginCommits(epoch, List.of(request(b), request(c), request(new Lease(a.work(), Token.random()))), T0);
        assertThat(new LoadView(kv, keys).read().loads()).containsExactly(new Load(ALICE, 1), new Load(BOB, 2));
        assertThat(new LoadView(kv, keys).read().total()).isEqualTo(3);
    }

    @Test
    void everyCommitDecisionTalliesItsExecutionAndChildrenUnderItsCoordinatorAndExecutorKindOnce() {
        Lease a = leased("a", ALICE);
        Lease b = leased("b", BOB);
        CommitRequest first = request(a, ResultId.random(), null,
                covered("c1", Coverage.tuple(3, 1), Coverage.tuple(4, 1)), covered("c2", Coverage.tuple(3, 1)),
                DeclaredChild.untriaged(id("c3"), 2), crashing("boom", SEGV));
        store.beginCommit(epoch, first, T0);
        store.beginCommit(epoch, first, T0);
        store.beginCommit(epoch, new CommitRequest(b, ResultId.random(), ".stage-1/4/x",
                List.of(covered("c4", Coverage.tuple(4, 1))), new Execution("symcc", "ok", 0, false, 250, false), null), T0);

        ExecutorTallies tallies = new ExecutorTallyView(kv, keys).read();
        ExecutorTally afl = new ExecutorTally(1, 1000, 4, 1, 0, 1, 2);
        ExecutorTally symcc = new ExecutorTally(1, 250, 1, 1, 0, 0, 0);
        assertThat(tallies.blocked()).isEmpty();
        assertThat(tallies.byOwner()).containsOnlyKeys(ALICE.name(), BOB.name());
        assertThat(tallies.byOwner().get(ALICE.name())).containsExactly(entry("afl", afl));
        assertThat(tallies.byExecutor()).containsExactly(entry("afl", afl), entry("symcc", symcc));
        assertThat(tallies.totalOf(List.of(BOB))).isEqualTo(symcc);
        assertThat(tallies.total().redundantRatio()).as("c2 and c4 of five children").isEqualTo(2.0 / 5);
    }

    // ---- idempotence -----------------------------------------------------------------------

    @Test
    void aRepeatedBatchReturnsTheStoredDecisionsAndChangesNothing() {
        Lease a = leased("a", ALICE);
        Lease b = leased("b", BOB);
        List<CommitRequest> batch = new ArrayList<>(List.of(
                request(a, ResultId.random(), SEGV, covered("c1", Coverage.tuple(3, 1)), crashing("boom", SEGV)),
                request(b, ResultId.random(), null, covered("c2", Coverage.tuple(3, 1)), covered("c3", Coverage.tuple(4, 2)))));
        List<ItemResult<CommitTicket>> first = store.beginCommits(epoch, batch, T0);
        List<String> after = everything();
        List<ItemResult<CommitTicket>> again = store.beginCommits(epoch, batch, T0 + 5);
        for (int i = 0; i < batch.size(); i++) {
            assertThat(again.get(i).orThrow().repeated()).isTrue();
            assertThat(again.get(i).orThrow().children()).isEqualTo(first.get(i).orThrow().children());
        }
        assertThat(everything()).isEqualTo(after);
        assertThat(store.counts().get(Counter.FINDINGS)).isEqualTo(2);
    }

    // ---- decisions that keep nothing -------------------------------------------------------

    @Test
    void aDecisionThatKeepsNoChildEndsItsEntryInItsOwnTransactionWhenAsked() {
        decided("a", covered("c1", Coverage.tuple(5, 1)));
        Lease b = leased("b", ALICE);
        ResultId result = ResultId.random();

        CommitTicket ticket = store.beginCommits(epoch, List.of(request(b, result, null,
                covered("c2", Coverage.tuple(5, 1)))), T0 + 1, true).get(0).orThrow();

        assertThat(fates(ticket.children())).containsExactly(ChildFate.REDUNDANT);
        assertThat(ticket.completed()).isTrue();
        assertThat(ticket.completion().repeated()).isFalse();
        assertThat(ticket.completion().enqueued()).isEmpty();
        assertThat(ticket.completion().state()).isEqualTo(WorkState.DONE);
        assertThat(store.work(b.work()).state()).isEqualTo(WorkState.DONE);
        assertThat(store.work(b.work()).result()).isEqualTo(result);
        assertThat(store.listCommitting(null, 10).entries()).extracting(entry -> entry.entry().work())
                .as("only a, decided without ending").containsExactly(id("a"));
        assertThat(store.counts().get(Counter.DONE)).isEqualTo(1);
        assertThat(store.counts().get(Counter.COMMITTING)).isEqualTo(1);
        Completion later = store.complete(epoch, b.work(), result, T0 + 2);
        assertThat(later.repeated()).as("the outcome is stored where completion looks for it").isTrue();
        assertThat(later.outcome()).isEqualTo(ticket.completion().outcome());
    }

    @Test
    void aDecisionWithoutChildrenEndsItsEntryAndOneThatKeepsAChildStaysCommitting() {
        Lease a = leased("a", ALICE);
        Lease b = leased("b", ALICE);

        List<ItemResult<CommitTicket>> tickets = store.beginCommits(epoch, List.of(request(a),
                request(b, covered("c1", Coverage.tuple(6, 1)))), T0 + 1, true);

        assertThat(tickets.get(0).orThrow().completed()).isTrue();
        assertThat(tickets.get(1).orThrow().completed()).isFalse();
        assertThat(store.work(a.work()).state()).isEqualTo(WorkState.DONE);
        assertThat(store.work(b.work()).state()).isEqualTo(WorkState.COMMITTING);
    }

    @Test
    void withoutBeingAskedADecisionThatKeepsNothingLeavesItsEntryCommitting() {
        Lease a = leased("a", ALICE);

        CommitTicket ticket = store.beginCommits(epoch, List.of(request(a)), T0 + 1).get(0).orThrow();

        assertThat(ticket.completed()).isFalse();
        assertThat(store.work(a.work()).state()).isEqualTo(WorkState.COMMITTING);
    }

    @Test
    void aDecisionThatEndedItsEntryTakenAgainIsReturnedAsRepeatedAndChangesNothing() {
        Lease a = leased("a", ALICE);
        List<CommitRequest> request = List.of(request(a));
        CommitTicket first = store.beginCommits(epoch, request, T0 + 1, true).get(0).orThrow();
        List<String> after = everything();

        CommitTicket again = store.beginCommits(epoch, request, T0 + 2, true).get(0).orThrow();

        assertThat(again.repeated()).isTrue();
        assertThat(again.completion().repeated()).isTrue();
        assertThat(again.completion().outcome()).isEqualTo(first.completion().outcome());
        assertThat(again.entry()).isEqualTo(first.entry());
        assertThat(everything()).isEqualTo(after);
        assertThatThrownBy(() -> store.beginCommits(epoch, List.of(request(new Lease(a.work(), Token.random()),
                request.get(0).result(), null)), T0 + 3, true).get(0).orThrow())
                .isInstanceOf(StaleTokenException.class);
    }
}
