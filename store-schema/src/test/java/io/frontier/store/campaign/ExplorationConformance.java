package io.frontier.store.campaign;

import static io.frontier.store.campaign.CampaignFixtures.id;
import static io.frontier.store.campaign.CampaignFixtures.payload;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;
import static org.assertj.core.api.Assertions.tuple;

import io.frontier.store.corpus.Digest;
import io.frontier.store.coverage.Coverage;
import io.frontier.store.exploration.ClaimOrder;
import io.frontier.store.exploration.Exploration;
import io.frontier.store.exploration.ExplorationPolicy;
import io.frontier.store.exploration.Tier;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.keyspace.KeyRange;
import io.frontier.store.keyspace.TestKeyspace;
import io.frontier.store.keyspace.TieredKey;
import io.frontier.store.kv.KeyValue;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.manifest.Child;
import io.frontier.store.manifest.ChildFate;
import io.frontier.store.manifest.ManifestEntry;
import io.frontier.store.record.CampaignConfig;
import io.frontier.store.record.CampaignIdentity;
import io.frontier.store.record.Owner;
import io.frontier.store.record.RecordCodec;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.record.WorkState;
import io.frontier.store.view.EdgeMapView;
import io.frontier.store.view.ExecutorTally;
import io.frontier.store.view.ExecutorTallyView;
import io.frontier.store.view.ManifestRecord;
import io.frontier.store.view.ManifestView;
import io.frontier.store.view.WorkPage;
import io.frontier.store.view.WorkView;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.wire.Execution;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Tiers of work, the cap on the lower tiers and the rounds of time-outs and repeated runs, in the
 * store, run against every key-value backend by a few-line subclass; each test creates a
 * campaign of its own with the policy it needs.
 */
public abstract class ExplorationConformance {

    static final double T0 = 3_000_000.0;
    static final double TTL = 30.0;
    static final Owner ALICE = Owner.of("epoch-1/rank-0");
    static final Execution COMMAND = new Execution("command", "ok", 0, false, 10, false);
    static final Execution TIMED_OUT = new Execution("command", "timeout", 9, true, 1000, true);
    static final Execution AFL = new Execution("afl", "ok", 0, false, 1000, false);
    static final Execution SYMCC = new Execution("symcc", "ok", 0, false, 300, false);
    static final ExplorationPolicy TIERS = ExplorationPolicy.DEFAULT.withRounds(1, 0, List.of());

    protected KeyValueStore kv;
    protected CampaignKeys keys;
    protected CampaignStore store;
    protected long epoch;

    /** A store for one test; closed after it. */
    protected abstract KeyValueStore openStore() throws Exception;

    private void create(ExplorationPolicy policy) throws Exception {
        create(policy, List.of());
    }

    /** A campaign under {@code policy} whose job runs executors of {@code kinds}. */
    private void create(ExplorationPolicy policy, List<String> kinds) throws Exception {
        kv = openStore();
        keys = TestKeyspace.campaign("tiers-" + UUID.randomUUID());
        store = new CampaignStore(kv, keys, kinds);
        epoch = store.init(CampaignConfig.of("tiers", 8, 3), CampaignIdentity.of(CampaignIdentity.newId(), null),
                policy, "job-1", T0).epoch();
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

    private static DeclaredChild reaching(String name, long size, int edge) {
        return new DeclaredChild(id(name), size, Coverage.of(new int[] {Coverage.tuple(edge, 1)}), null);
    }

    /** A child that reached hit count 1 of each of {@code edges}. */
    private static DeclaredChild reachingEdges(String name, long size, int... edges) {
        int[] tuples = new int[edges.length];
        for (int i = 0; i < edges.length; i++) {
            tuples[i] = Coverage.tuple(edges[i], 1);
        }
        return new DeclaredChild(id(name), size, Coverage.of(tuples), null);
    }

    /** A child that reached no tuple at all, so redundant on arrival in any campaign. */
    private static DeclaredChild reachingNothing(String name, long size) {
        return new DeclaredChild(id(name), size, Coverage.of(new int[0]), null);
    }

    private WorkRecord claimOne() {
        List<WorkRecord> granted = store.claim(epoch, ALICE, Set.of(), 1, T0, TTL).granted();
        assertThat(granted).as("one item is pending").hasSize(1);
        return granted.get(0);
    }

    /** Commits {@code children} for {@code record} under {@code execution}, promotes what it keeps and completes it. */
    private Completion run(WorkRecord record, Execution execution, DeclaredChild... children) {
        Lease lease = new Lease(record.id(), record.token());
        ResultId result = ResultId.random();
        CommitTicket ticket = store.beginCommit(epoch,
                new CommitRequest(lease, result, ".stage-1/3/" + result, List.of(children), execution, null), T0);
        List<Promotion> promotions = new ArrayList<>();
        for (int i = 0; i < ticket.children().size(); i++) {
            if (ticket.children().get(i).fate().kept()) {
                promotions.add(new Promotion(record.id(), result, i));
            }
        }
        if (!promotions.isEmpty()) {
            store.markPromoted(epoch, promotions);
        }
        return store.complete(epoch, record.id(), result, T0);
    }

    private WorkRecord seedClaimed(String name) {
        store.admitSeed(epoch, payload(name));
        WorkRecord record = claimOne();
        assertThat(record.id()).isEqualTo(id(name));
        return record;
    }

    private List<ManifestEntry> entriesOf(Digest work) {
        return new ManifestView(kv, keys).list(null, ManifestView.MAX_PAGE).records().stream()
                .map(ManifestRecord::entry).filter(entry -> entry.work().equals(work)).toList();
    }

    private List<ChildFate> fatesOf(Completion completion) {
        return new ManifestView(kv, keys).entry(completion.outcome().result()).orElseThrow().children().stream()
                .map(Child::fate).toList();
    }

    // ---- tiers -----------------------------------------------------------------------------

    @Test
    void theCampaignKeepsThePolicyItWasCreatedWith() throws Exception {
        create(TIERS);
        assertThat(store.exploration()).isEqualTo(TIERS);
    }

    @Test
    void aRedundantChildWaitsInTierOneAndIsClaimedOnlyOnceTierZeroIsEmpty() throws Exception {
        create(TIERS);
        Completion done = run(seedClaimed("a"), COMMAND, reaching("new", 3, 5), reaching("same", 4, 5));
        assertThat(done.enqueued()).containsExactlyInAnyOrder(id("new"), id("same"));
        assertThat(store.work(id("same")).tier()).isEqualTo(Tier.REDUNDANT);
        assertThat(store.work(id("new")).tier()).isEqualTo(Tier.NEW_COVERAGE);
        assertThat(store.counts().get(Counter.PENDING_TIER_1)).isEqualTo(1);
        assertThat(store.counts().get(Counter.TIERED_BYTES)).isEqualTo(4);

        assertThat(claimOne().id()).as("tier 0 first").isEqualTo(id("new"));
        assertThat(claimOne().id()).isEqualTo(id("same"));
        assertThat(store.counts().get(Counter.PENDING_TIER_1)).isZero();
        assertThat(store.counts().get(Counter.TIERED_BYTES)).isZero();
    }

    @Test
    void aClaimTakesOnlyTierZeroItemsWhileThereAreAnyAndOtherwiseOneLowerTierItem() throws Exception {
        create(TIERS);
        run(seedClaimed("a"), COMMAND, reachingEdges("new-1", 3, 5), reachingEdges("new-2", 4, 6),
                reaching("same-1", 2, 5), reaching("same-2", 300, 5), reaching("same-3", 5000, 5));

        List<WorkRecord> first = store.claim(epoch, ALICE, Set.of(), 4, T0, TTL).granted();
        List<WorkRecord> second = store.claim(epoch, ALICE, Set.of(), 4, T0, TTL).granted();
        List<WorkRecord> third = store.claim(epoch, ALICE, Set.of(), 4, T0, TTL).granted();

        assertThat(first).extracting(WorkRecord::id).as("tier 0 alone, though the claim had room for more")
                .containsExactlyInAnyOrder(id("new-1"), id("new-2"));
        assertThat(second).extracting(WorkRecord::id).as("tier 0 empty: one lower-tier item, smallest first")
                .containsExactly(id("same-1"));
        assertThat(third).extracting(WorkRecord::id).containsExactly(id("same-2"));
        assertThat(store.counts().get(Counter.PENDING_TIER_1)).isEqualTo(1);
    }

    @Test
    void insideALowerTierSmallerInputsAreClaimedFirst() throws Exception {
        create(TIERS);
        run(seedClaimed("a"), COMMAND, reaching("first", 9, 5), reaching("big", 5000, 5), reaching("small", 2, 5),
                reaching("middle", 300, 5));
        assertThat(claimOne().id()).isEqualTo(id("first"));
        assertThat(List.of(claimOne().id(), claimOne().id(), claimOne().id()))
                .containsExactly(id("small"), id("middle"), id("big"));
    }

    @Test
    void insideTierZeroMoreNewEdgesAreClaimedFirstThenSmallerInputsAndASeedBeforeThemAll() throws Exception {
        create(TIERS);
        run(seedClaimed("a"), COMMAND, reachingEdges("one", 2, 1), reachingEdges("four", 5000, 2, 3, 4, 5),
                reachingEdges("two-big", 300, 6, 7), reachingEdges("two-small", 3, 8, 9));
        store.admitSeed(epoch, payload("b"));

        assertThat(claimOne().id()).as("a seed has no count and goes first").isEqualTo(id("b"));
        WorkRecord first = claimOne();
        assertThat(first.id()).isEqualTo(id("four"));
        assertThat(first.newEdges()).isEqualTo(4);
        assertThat(List.of(claimOne().id(), claimOne().id(), claimOne().id()))
                .containsExactly(id("two-small"), id("two-big"), id("one"));
    }

    @Test
    void insideTierZeroAChildThatReachedOnlyANewHitCountOfAKnownEdgeGoesAfterEveryNewEdge() throws Exception {
        create(TIERS);
        DeclaredChild louder = new DeclaredChild(id("louder"), 2, Coverage.of(new int[] {Coverage.tuple(5, 100)}), null);
        run(seedClaimed("a"), COMMAND, reachingEdges("edge", 3, 5), louder, reachingEdges("later", 4, 6));
        store.admitSeed(epoch, payload("b"));

        assertThat(claimOne().id()).as("a seed goes first").isEqualTo(id("b"));
        assertThat(List.of(claimOne().id(), claimOne().id())).containsExactly(id("edge"), id("later"));
        WorkRecord last = claimOne();
        assertThat(List.of(last.id(), last.tier(), last.newEdges(), last.triaged()))
                .as("new coverage, but no new edge, so last in tier 0 although smallest")
                .containsExactly(id("louder"), Tier.NEW_COVERAGE, 0, true);
    }

    @Test
    void aTierZeroItemPendingSinceBeforeTriageWasRecordedLeavesTheIndexFromTheKeyItWasWrittenUnder() throws Exception {
        create(TIERS);
        DeclaredChild louder = new DeclaredChild(id("louder"), 2, Coverage.of(new int[] {Coverage.tuple(5, 100)}), null);
        run(seedClaimed("a"), COMMAND, reachingEdges("edge", 3, 5), louder);
        rewriteAsBeforeTriage(id("louder"));

        assertThat(List.of(claimOne().id(), claimOne().id())).as("as the build that wrote it ordered them")
                .containsExactly(id("louder"), id("edge"));
        for (KeyRange index : List.of(keys.ready(), keys.tiered())) {
            List<KeyValue> indexed = kv.read(tx -> tx.getRange(index.begin(), index.end(), 0, false));
            assertThat(indexed).as("no index entry outlives its item").isEmpty();
        }
    }

    /**
     * Rewrites pending tier-0 item {@code id}, which reached no new edge, as a build before triage
     * was recorded left it: a schema-4 record without it, in the unranked ready index.
     */
    private void rewriteAsBeforeTriage(Digest id) {
        WorkRecord record = store.work(id);
        assertThat(List.of(record.tier(), record.newEdges())).containsExactly(Tier.NEW_COVERAGE, 0);
        String json = new String(RecordCodec.WORK.encode(record), StandardCharsets.UTF_8)
                .replace("{\"schema\":7,", "{\"schema\":4,").replace(",\"session\":null", "").replace(",\"triaged\":true,\"claimOrder\":0", "");
        assertThat(json).doesNotContain("triaged").doesNotContain("claimOrder");
        rewrite(id, json, key -> keys.ready(key.bucket(), id));
    }

    /**
     * Stores {@code json} as item {@code id}'s work record and moves its ranked index entry to
     * the key {@code oldKey} gives for the entry: as an older build would have written both.
     */
    private void rewrite(Digest id, String json, Function<TieredKey, byte[]> oldKey) {
        kv.run(tx -> {
            for (KeyValue entry : tx.getRange(keys.tiered().begin(), keys.tiered().end(), 0, false)) {
                TieredKey key = keys.decodeTiered(entry.key());
                if (key.id().equals(id)) {
                    tx.clear(entry.key());
                    tx.set(oldKey.apply(key), entry.value());
                }
            }
            tx.set(keys.work(id), json.getBytes(StandardCharsets.UTF_8));
            return null;
        });
    }

    @Test
    void aChildIsOneDeeperThanItsParentAndOfTwoLikeInputsTheShallowerIsClaimedFirst() throws Exception {
        create(TIERS);
        store.admitSeed(epoch, payload("a"));
        store.admitSeed(epoch, payload("b"));
        Map<Digest, WorkRecord> seeds = new HashMap<>();
        store.claim(epoch, ALICE, Set.of(), 2, T0, TTL).granted().forEach(record -> seeds.put(record.id(), record));
        assertThat(seeds.values()).extracting(WorkRecord::depth).containsOnly(0);
        WorkRecord chain = seeds.get(id("a"));
        for (int depth = 1; depth < 8; depth++) {
            run(chain, COMMAND, reachingEdges("deep-" + depth, 1, depth));
            chain = claimOne();
            assertThat(chain.depth()).isEqualTo(depth);
        }
        run(chain, COMMAND, reachingEdges("deep-8", 1, 8));
        run(seeds.get(id("b")), COMMAND, reachingEdges("shallow", 4, 100));

        WorkRecord first = claimOne();
        WorkRecord second = claimOne();
        assertThat(List.of(first.id(), first.depth())).as("4 bytes at depth 1 before 1 byte at depth 8")
                .containsExactly(id("shallow"), 1);
        assertThat(List.of(second.id(), second.depth())).containsExactly(id("deep-8"), 8);
    }

    @Test
    void anItemPendingSinceBeforeDepthsLeavesTheIndexFromTheKeyItWasWrittenUnder() throws Exception {
        create(TIERS);
        run(seedClaimed("a"), COMMAND, reachingEdges("new", 3, 5), reaching("same", 300, 5));
        rewriteAsBeforeDepths(id("new"));
        rewriteAsBeforeDepths(id("same"));

        WorkRecord first = claimOne();
        WorkRecord second = claimOne();

        assertThat(List.of(first.id(), first.depth(), second.id(), second.depth()))
                .containsExactly(id("new"), 0, id("same"), 0);
        List<KeyValue> indexed = kv.read(tx -> tx.getRange(keys.tiered().begin(), keys.tiered().end(), 0, false));
        assertThat(indexed).as("no index entry outlives its item").isEmpty();
        assertThat(store.counts().get(Counter.PENDING_TIER_1)).isZero();
    }

    /**
     * Rewrites pending item {@code id} as a build before depths left it: a schema-3 record
     * without a depth, indexed under the rank its size alone gave.
     */
    private void rewriteAsBeforeDepths(Digest id) {
        WorkRecord record = store.work(id);
        String json = new String(RecordCodec.WORK.encode(record), StandardCharsets.UTF_8)
                .replace("{\"schema\":7,", "{\"schema\":3,").replace(",\"session\":null", "")
                .replace(",\"depth\":" + record.depth() + ",\"triaged\":" + record.triaged()
                        + ",\"claimOrder\":" + record.claimOrder(), "");
        assertThat(json).doesNotContain("depth").doesNotContain("triaged").doesNotContain("claimOrder");
        rewrite(id, json, key -> keys.tiered(record.tier(),
                Tier.rank(record.tier(), record.newEdges(), record.payload().size(), 0), key.bucket(), id));
    }

    @Test
    void ofTheLowerTiersRoundsOfNewCoverageGoFirstThenRedundantChildrenThenTheirRounds() throws Exception {
        create(TIERS.withRounds(8, 1, List.of("symcc")));
        run(seedClaimed("a"), SYMCC, reachingEdges("timing-out", 3, 5), reachingEdges("barren", 3, 6),
                reaching("same-small", 4, 5), reaching("same-big", 300, 5));
        WorkRecord timingOut = claimOne();
        WorkRecord barren = claimOne();
        assertThat(List.of(timingOut.tier(), barren.tier())).containsOnly(Tier.NEW_COVERAGE);
        run(timingOut, TIMED_OUT);
        run(barren, SYMCC);

        WorkRecord retry = claimOne();
        WorkRecord repeat = claimOne();
        assertThat(List.of(retry.id(), retry.tier(), retry.claimOrder()))
                .as("a time-out of a tier-0 input, before every redundant child")
                .containsExactly(timingOut.id(), Tier.RETRY, ClaimOrder.RETRY);
        assertThat(List.of(repeat.id(), repeat.tier(), repeat.claimOrder()))
                .as("a SymCC repeat of a tier-0 input, before every redundant child")
                .containsExactly(barren.id(), Tier.REPEAT, ClaimOrder.REPEAT);
        WorkRecord redundant = claimOne();
        assertThat(List.of(redundant.id(), redundant.tier())).containsExactly(id("same-small"), Tier.REDUNDANT);
        run(redundant, SYMCC);
        assertThat(store.work(id("same-small")).claimOrder()).isEqualTo(ClaimOrder.REDUNDANT_REPEAT);

        assertThat(List.of(claimOne().id(), claimOne().id())).as("a redundant child's repeat after the redundant children")
                .containsExactly(id("same-big"), id("same-small"));
    }

    @Test
    void aLowerTierItemPendingSinceBeforeClaimOrdersLeavesTheIndexFromTheKeyItWasWrittenUnder() throws Exception {
        create(TIERS.withRounds(8, 1, List.of("symcc")));
        run(seedClaimed("a"), SYMCC, reachingEdges("barren", 3, 5), reaching("same", 4, 5), reaching("later", 9, 5));
        rewriteAsBeforeClaimOrders(id("later"));
        run(claimOne(), SYMCC);

        assertThat(List.of(claimOne().id(), claimOne().id(), claimOne().id()))
                .as("the item an older build left in tier 1 first, keyed by its tier's number")
                .containsExactly(id("later"), id("barren"), id("same"));
        for (KeyRange index : List.of(keys.ready(), keys.tiered())) {
            List<KeyValue> indexed = kv.read(tx -> tx.getRange(index.begin(), index.end(), 0, false));
            assertThat(indexed).as("no index entry outlives its item").isEmpty();
        }
        assertThat(store.counts().get(Counter.PENDING_TIER_1)).isZero();
    }

    /**
     * Rewrites pending lower-tier item {@code id} as a build before claim orders left it: a
     * schema-5 record without one, indexed under its tier's number.
     */
    private void rewriteAsBeforeClaimOrders(Digest id) {
        WorkRecord record = store.work(id);
        assertThat(record.tier()).isNotEqualTo(Tier.NEW_COVERAGE);
        String json = new String(RecordCodec.WORK.encode(record), StandardCharsets.UTF_8)
                .replace("{\"schema\":7,", "{\"schema\":5,").replace(",\"session\":null", "").replace(",\"claimOrder\":" + record.claimOrder(), "");
        assertThat(json).doesNotContain("claimOrder");
        rewrite(id, json, key -> keys.tiered(record.tier(), key.rank(), key.bucket(), id));
    }

    @Test
    void listingPendingWorkShowsEveryTierInClaimOrderAcrossPages() throws Exception {
        create(TIERS);
        run(seedClaimed("a"), COMMAND, reachingEdges("new", 3, 5, 6), reaching("same", 4, 5));
        store.admitSeed(epoch, payload("b"));
        WorkView view = new WorkView(kv, keys);

        WorkPage first = view.list(WorkState.PENDING, null, 2);
        WorkPage second = view.list(WorkState.PENDING, first.next(), 2);

        assertThat(first.items()).extracting(item -> item.record().id()).containsExactly(id("b"), id("new"));
        assertThat(second.items()).extracting(item -> item.record().id()).containsExactly(id("same"));
        assertThat(second.next()).isNull();
    }

    @Test
    void whatFallsOverTheCapIsRecordedAsDroppedAndNotQueued() throws Exception {
        create(TIERS.withCap(2, 1_000));
        WorkRecord seed = seedClaimed("a");
        Completion done = run(seed, COMMAND, reaching("new", 3, 5), reaching("r1", 10, 5), reaching("r2", 10, 5),
                reaching("r3", 10, 5));
        assertThat(fatesOf(done)).containsExactly(ChildFate.FRONTIER, ChildFate.DEFERRED, ChildFate.DEFERRED, ChildFate.DROPPED);
        assertThat(done.enqueued()).containsExactlyInAnyOrder(id("new"), id("r1"), id("r2"));
        assertThat(store.work(id("r3"))).as("a dropped child is not work").isNull();

        WorkRecord next = claimOne();
        Completion later = run(next, COMMAND, reaching("r4", 10, 5));
        assertThat(later.enqueued()).as("the tiers still hold two").isEmpty();
        assertThat(fatesOf(later)).containsExactly(ChildFate.DROPPED);
    }

    @Test
    void aChildTheWorkerJudgedRedundantIsDeferredWhileThereIsRoomAndOneItDidNotStageIsDroppedNeverKept()
            throws Exception {
        create(TIERS.withCap(1, 1_000));
        WorkRecord seed = seedClaimed("a");
        Completion done = run(seed, COMMAND, DeclaredChild.redundant(id("judged"), 6, true),
                DeclaredChild.redundant(id("judged-too"), 9, true), DeclaredChild.redundant(id("unstaged"), 8, false));

        assertThat(fatesOf(done)).containsExactly(ChildFate.DEFERRED, ChildFate.DROPPED, ChildFate.DROPPED);
        assertThat(done.enqueued()).containsExactly(id("judged"));
        assertThat(store.work(id("unstaged"))).isNull();
        assertThat(new EdgeMapView(kv, keys).read().tuples()).as("judged children add nothing to the map").isZero();
    }

    @Test
    void underNoveltyAChildTheWorkerJudgedRedundantIsRecordedRedundantStagedOrNot() throws Exception {
        create(TIERS.withMode(Exploration.NOVELTY));
        WorkRecord seed = seedClaimed("a");
        Completion done = run(seed, COMMAND, DeclaredChild.redundant(id("staged"), 6, true),
                DeclaredChild.redundant(id("unstaged"), 8, false));

        assertThat(fatesOf(done)).containsExactly(ChildFate.REDUNDANT, ChildFate.REDUNDANT);
        assertThat(done.enqueued()).isEmpty();
    }

    @Test
    void theByteCapDropsAChildTooLargeForWhatIsLeft() throws Exception {
        create(TIERS.withCap(100, 25));
        Completion done = run(seedClaimed("a"), COMMAND, reaching("new", 3, 5), reaching("r1", 20, 5),
                reaching("r2", 6, 5), reaching("r3", 5, 5));
        assertThat(fatesOf(done)).containsExactly(ChildFate.FRONTIER, ChildFate.DEFERRED, ChildFate.DROPPED,
                ChildFate.DEFERRED);
    }

    @Test
    void theCampaignIsQuiescentOnlyWhenEveryTierIsEmpty() throws Exception {
        create(TIERS);
        run(seedClaimed("a"), COMMAND, reaching("same", 4, 5), reaching("again", 5, 5));
        WorkRecord first = claimOne();
        assertThat(first.tier()).isEqualTo(Tier.NEW_COVERAGE);
        run(first, COMMAND);
        assertThat(store.checkQuiescence(epoch, T0).quiescent()).as("tier 1 holds one").isFalse();
        WorkRecord deferred = claimOne();
        assertThat(deferred.tier()).isEqualTo(Tier.REDUNDANT);
        run(deferred, COMMAND);
        assertThat(store.checkQuiescence(epoch, T0).quiescent()).isTrue();
    }

    @Test
    void underNoveltyOnlyARedundantChildIsRecordedAndNotKept() throws Exception {
        create(TIERS.withMode(Exploration.NOVELTY));
        Completion done = run(seedClaimed("a"), COMMAND, reaching("new", 3, 5), reaching("same", 4, 5));
        assertThat(done.enqueued()).containsExactly(id("new"));
        assertThat(fatesOf(done)).containsExactly(ChildFate.FRONTIER, ChildFate.REDUNDANT);
    }

    @Test
    void inAClosureEveryUniqueChildJoinsTierZero() throws Exception {
        create(TIERS.withMode(Exploration.CLOSURE));
        Completion done = run(seedClaimed("a"), COMMAND, reaching("new", 3, 5), reaching("same", 4, 5));
        assertThat(done.enqueued()).containsExactlyInAnyOrder(id("new"), id("same"));
        assertThat(store.work(id("same")).tier()).isEqualTo(Tier.NEW_COVERAGE);
    }

    @Test
    void inAClosureAChildThatReachedNothingNewCountsAsRedundantAndNeverAlsoAsKnownBefore() throws Exception {
        create(TIERS.withMode(Exploration.CLOSURE));
        store.admitSeed(epoch, payload("a"));
        store.admitSeed(epoch, payload("b"));
        Map<Digest, WorkRecord> seeds = new HashMap<>();
        store.claim(epoch, ALICE, Set.of(), 2, T0, TTL).granted().forEach(record -> seeds.put(record.id(), record));
        run(seeds.get(id("a")), COMMAND, reaching("new", 3, 5), reaching("same", 4, 5));
        run(seeds.get(id("b")), COMMAND, reaching("same", 4, 5), reaching("fresh", 2, 6),
                DeclaredChild.untriaged(id("new"), 3));
        assertThat(new ExecutorTallyView(kv, keys).read().byExecutor()).as("\"same\" twice redundant, \"new\" a copy")
                .containsExactly(entry("command", new ExecutorTally(2, 20, 5, 2, 1, 1, 2)));
    }

    // ---- rounds ----------------------------------------------------------------------------

    @Test
    void aTimeOutIsRetriedInTierTwoWithTwiceTheLimitUpToTheCap() throws Exception {
        create(TIERS.withRounds(4, 0, List.of()));
        WorkRecord seed = seedClaimed("a");
        Completion first = run(seed, TIMED_OUT);
        assertThat(first.state()).isEqualTo(WorkState.PENDING);
        WorkRecord retry = store.work(seed.id());
        assertThat(List.of(retry.tier(), retry.round(), retry.limitFactor())).containsExactly(Tier.RETRY, 1, 2);

        WorkRecord second = claimOne();
        assertThat(second.limitFactor()).isEqualTo(2);
        run(second, TIMED_OUT);
        WorkRecord third = claimOne();
        assertThat(List.of(third.round(), third.limitFactor())).containsExactly(2, 4);
        Completion last = run(third, TIMED_OUT);
        assertThat(last.state()).as("twice 4 is over the cap").isEqualTo(WorkState.DONE);
        assertThat(entriesOf(seed.id())).extracting(ManifestEntry::round, ManifestEntry::limitFactor)
                .containsExactly(tuple(0, 1), tuple(1, 2),
                        tuple(2, 4));
        assertThat(store.checkQuiescence(epoch, T0).quiescent()).isTrue();
    }

    @Test
    void aRepeatableExecutorRunsAnInputAgainUntilItsRepeatsWhileItFindsNothingNew() throws Exception {
        create(TIERS.withRounds(8, 2, List.of("afl")));
        WorkRecord seed = seedClaimed("a");
        run(seed, AFL);
        WorkRecord again = claimOne();
        assertThat(List.of(again.id(), again.tier(), again.round(), again.limitFactor()))
                .containsExactly(seed.id(), Tier.REPEAT, 1, 2);
        run(again, AFL);
        WorkRecord third = claimOne();
        assertThat(List.of(third.round(), third.limitFactor())).containsExactly(2, 4);
        assertThat(run(third, AFL).state()).as("two repeats used").isEqualTo(WorkState.DONE);
        assertThat(entriesOf(seed.id())).hasSize(3);
    }

    @Test
    void aSymccInputThatFoundNothingNewIsRepeatedOnceWhateverTheRepeats() throws Exception {
        create(TIERS.withRounds(8, 4, List.of("afl", "symcc")));
        WorkRecord seed = seedClaimed("a");
        run(seed, SYMCC);
        WorkRecord again = claimOne();
        assertThat(List.of(again.id(), again.tier(), again.round())).containsExactly(seed.id(), Tier.REPEAT, 1);
        assertThat(run(again, SYMCC).state()).as("a second repeat would start from the same empty map")
                .isEqualTo(WorkState.DONE);
        assertThat(entriesOf(seed.id())).hasSize(2);
        assertThat(store.checkQuiescence(epoch, T0).quiescent()).isTrue();
    }

    @Test
    void inAHybridCampaignAFirstRoundOnSymccIsFollowedByAflInItsTierWhateverItFoundAndRepeatsRunOnAfl()
            throws Exception {
        create(TIERS.withRounds(8, 3, List.of("afl", "symcc")), List.of("symcc", "afl"));
        WorkRecord seed = seedClaimed("a");
        assertThat(run(seed, SYMCC, reachingEdges("new", 3, 5)).state()).isEqualTo(WorkState.PENDING);

        WorkRecord followUp = claimOne();
        assertThat(List.of(followUp.id(), followUp.tier(), followUp.round(), followUp.limitFactor(), followUp.roundKind()))
                .containsExactly(seed.id(), Tier.NEW_COVERAGE, 1, 1, "afl");
        run(followUp, AFL);
        WorkRecord child = claimOne();
        assertThat(child.id()).isEqualTo(id("new"));
        assertThat(run(child, AFL, reachingEdges("newer", 3, 6)).state())
                .as("a first round on AFL++ found something new: no follow-up, no repeat").isEqualTo(WorkState.DONE);
        assertThat(claimOne().id()).isEqualTo(id("newer"));

        WorkRecord repeat = store.work(seed.id());
        assertThat(List.of(repeat.tier(), repeat.round(), repeat.limitFactor(), repeat.roundKind()))
                .as("the follow-up found nothing new").containsExactly(Tier.REPEAT, 2, 2, "afl");
    }

    @Test
    void inAHybridCampaignTheSymccRoundOfAnInputAflFoundGoesAheadOfTierZeroAndItsFollowUpBackIntoIt()
            throws Exception {
        create(TIERS.withRounds(8, 3, List.of("afl", "symcc")), List.of("symcc", "afl"));
        WorkRecord seed = seedClaimed("a");
        run(seed, SYMCC, reachingEdges("by-symcc", 3, 1, 2, 3, 4));
        WorkRecord seedFollowUp = claimOne();
        assertThat(seedFollowUp.id()).as("a seed's follow-up waits in the unranked index").isEqualTo(seed.id());
        run(seedFollowUp, AFL, reachingEdges("by-afl", 300, 5));

        WorkRecord gate = claimOne();
        assertThat(List.of(gate.id(), gate.claimOrder(), gate.newEdges()))
                .as("one new edge, larger, yet ahead of four new edges: its SymCC round gates its AFL++ round")
                .containsExactly(id("by-afl"), ClaimOrder.GATE, 1);
        assertThat(run(gate, SYMCC).state()).isEqualTo(WorkState.PENDING);
        WorkRecord followUp = store.work(id("by-afl"));
        assertThat(List.of(followUp.tier(), followUp.round(), followUp.roundKind(), followUp.claimOrder()))
                .containsExactly(Tier.NEW_COVERAGE, 1, "afl", ClaimOrder.NEW_COVERAGE);
        assertThat(List.of(claimOne().id(), claimOne().id()))
                .as("back in tier 0, ranked by its new edges").containsExactly(id("by-symcc"), id("by-afl"));
    }

    @Test
    void inACampaignOfOneKindNoInputStandsAheadOfTierZero() throws Exception {
        create(TIERS.withRounds(8, 2, List.of("afl")), List.of("afl"));
        run(seedClaimed("a"), AFL, reachingEdges("found", 3, 1));

        assertThat(claimOne().claimOrder()).isEqualTo(ClaimOrder.NEW_COVERAGE);
    }

    @Test
    void inAHybridCampaignARetryRunsWhereTheRoundThatTimedOutRan() throws Exception {
        create(TIERS.withRounds(8, 3, List.of("afl", "symcc")), List.of("symcc", "afl"));
        WorkRecord seed = seedClaimed("a");
        run(seed, SYMCC);
        WorkRecord followUp = claimOne();
        run(followUp, new Execution("afl", "timeout", 9, true, 1000, true));

        WorkRecord retry = claimOne();
        assertThat(List.of(retry.tier(), retry.round(), retry.limitFactor(), retry.roundKind()))
                .containsExactly(Tier.RETRY, 2, 2, "afl");
    }

    @Test
    void aRunThatFoundNewCoverageIsNotRepeatedAndAnotherExecutorIsNever() throws Exception {
        create(TIERS.withRounds(8, 2, List.of("afl")));
        assertThat(run(seedClaimed("a"), AFL, reaching("new", 3, 5)).state()).isEqualTo(WorkState.DONE);
        assertThat(run(claimOne(), COMMAND).state()).isEqualTo(WorkState.DONE);
        assertThat(store.checkQuiescence(epoch, T0).quiescent()).isTrue();
    }

    @Test
    void aRepeatedCompletionOrMarkOfAnEarlierRoundChangesNothing() throws Exception {
        create(TIERS.withRounds(8, 2, List.of("afl")));
        WorkRecord seed = seedClaimed("a");
        Lease lease = new Lease(seed.id(), seed.token());
        ResultId result = ResultId.random();
        store.beginCommit(epoch, new CommitRequest(lease, result, ".stage-1/3/" + result,
                List.of(reachingNothing("same", 4)), AFL, null), T0);
        store.markPromoted(epoch, List.of(new Promotion(seed.id(), result, 0)));
        store.complete(epoch, seed.id(), result, T0);
        WorkRecord afterRound = store.work(seed.id());
        assertThat(afterRound.round()).isEqualTo(1);

        assertThat(store.markPromoted(epoch, List.of(new Promotion(seed.id(), result, 0))).get(0).succeeded()).isTrue();
        Completion repeated = store.complete(epoch, seed.id(), result, T0);
        assertThat(repeated.repeated()).isTrue();
        assertThat(repeated.enqueued()).isEmpty();
        assertThat(store.work(seed.id())).isEqualTo(afterRound);
        assertThat(store.counts().get(Counter.PENDING)).isEqualTo(2);
    }
}
