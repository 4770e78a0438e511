package io.frontier.store.campaign;

import static io.frontier.store.campaign.CampaignFixtures.dump;
import static io.frontier.store.campaign.CampaignFixtures.id;
import static io.frontier.store.campaign.CampaignFixtures.payload;
import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.coverage.Coverage;
import io.frontier.store.coverage.EdgeMap;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.keyspace.TestKeyspace;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.MeteredStore;
import io.frontier.store.manifest.Child;
import io.frontier.store.manifest.ChildFate;
import io.frontier.store.paging.PageBudget;
import io.frontier.store.record.CampaignConfig;
import io.frontier.store.record.Owner;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.WorkPayload;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.view.EdgeMapSummary;
import io.frontier.store.view.EdgeMapView;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.wire.DeclaredFinding;
import io.frontier.store.wire.Execution;
import io.frontier.store.wire.FindingKind;
import io.frontier.store.corpus.Digest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What campaign operations cost a backend, measured through a {@link MeteredStore} around the
 * backend a few-line subclass opens: round trips per batch (each a wait for the cluster on
 * FoundationDB, so a batch must not cost one per item) and bytes written per transaction
 * (FoundationDB's guideline is 1 MB, its hard limit 10 MB). Each test uses a campaign of its own.
 */
public abstract class CampaignCostConformance {

    static final double T0 = 3_000_000.0;
    static final double TTL = 300.0;
    static final Owner OWNER = Owner.of("epoch-1/rank-0");
    static final Execution AFL = new Execution("afl", "ok", 0, false, 1000, false);
    static final DeclaredFinding SEGV = new DeclaredFinding(FindingKind.CRASH, 11, "stack:00cc");
    /** FoundationDB's guideline for the data one transaction affects. */
    static final long GUIDELINE_BYTES = 1_000_000;
    /** More than an entry with the most children a result may declare takes in the manifest. */
    static final long ONE_WIDE_ENTRY_BYTES = 200_000;
    /** Round trips a batch of any size may take: a few rounds of reads, never one per item. */
    static final int FEW_ROUND_TRIPS = 8;

    protected KeyValueStore backend;
    protected MeteredStore kv;
    protected CampaignKeys keys;
    protected CampaignStore store;
    protected long epoch;

    /** A store for one test; closed after it. */
    protected abstract KeyValueStore openStore() throws Exception;

    @BeforeEach
    protected void createCampaign() throws Exception {
        backend = openStore();
        kv = new MeteredStore(backend);
        keys = TestKeyspace.campaign("cost-" + UUID.randomUUID());
        store = new CampaignStore(kv, keys);
        epoch = store.init(CampaignConfig.of("cost", 8, 3), "job-1", T0).epoch();
    }

    @AfterEach
    protected void dropCampaign() {
        if (backend != null) {
            backend.run(tx -> {
                tx.clearRange(keys.all().begin(), keys.all().end());
                return null;
            });
            backend.close();
        }
    }

    @Test
    void commitDecisionsMarksAndCompletionsOfABatchTakeAFewRoundTripsWhateverItsSize() {
        List<Integer> small = lifecycleRoundTrips("small", 2);
        List<Integer> large = lifecycleRoundTrips("large", 40);
        assertThat(large).as("round trips of decisions, marks and completions for 40 items")
                .isEqualTo(small)
                .allSatisfy(trips -> assertThat(trips).isLessThanOrEqualTo(FEW_ROUND_TRIPS));
    }

    @Test
    void renewalsAndAdmissionsOfABatchTakeAFewRoundTripsWhateverItsSize() {
        List<WorkPayload> seeds = new ArrayList<>();
        for (int i = 0; i < CampaignStore.MAX_BATCH; i++) {
            seeds.add(payload("admitted-" + i));
        }
        kv.reset();
        store.admit(epoch, seeds).forEach(ItemResult::orThrow);
        List<Lease> leases = new ArrayList<>();
        while (leases.size() < 200) {
            store.claim(epoch, OWNER, Set.of(), CampaignStore.MAX_CLAIM, T0, TTL).granted()
                    .forEach(record -> leases.add(new Lease(record.id(), record.token())));
        }
        int admission = kv.meters().get(0).roundTrips();
        kv.reset();
        store.renew(epoch, leases, T0 + 1, TTL).forEach(ItemResult::orThrow);
        assertThat(admission).as("round trips of admitting %d seeds", seeds.size()).isLessThanOrEqualTo(FEW_ROUND_TRIPS);
        assertThat(kv.meters().get(0).roundTrips()).as("round trips of renewing 200 leases")
                .isLessThanOrEqualTo(FEW_ROUND_TRIPS);
    }

    @Test
    void aBatchThatReachesEveryEdgeMapShardMergesAtMostItsShareOfShardsPerTransaction() {
        int perRequest = CampaignStore.MAX_EDGE_SHARDS_PER_TRANSACTION;
        int requests = CampaignKeys.EDGE_SHARDS / perRequest;
        List<Lease> leases = leased("every-shard", requests + 1);
        List<CommitRequest> batch = new ArrayList<>();
        for (int r = 0; r < requests; r++) {
            int[] tuples = new int[perRequest];
            for (int s = 0; s < perRequest; s++) {
                tuples[s] = Coverage.tuple((r * perRequest + s) * EdgeMap.SHARD_BYTES + r, 1);
            }
            batch.add(request(leases.get(r), new DeclaredChild(id("wide-" + r), 10, Coverage.of(tuples), null)));
        }
        batch.add(request(leases.get(requests),
                new DeclaredChild(id("same-as-the-first"), 10, batch.get(0).children().get(0).coverage(), null)));
        kv.reset();
        List<ItemResult<CommitTicket>> decided = store.beginCommits(epoch, batch, T0 + 1);

        for (int r = 0; r < requests; r++) {
            assertThat(decided.get(r).orThrow().children()).as("request %d", r)
                    .containsExactly(Child.triaged(id("wide-" + r), 10, ChildFate.FRONTIER, perRequest));
        }
        assertThat(decided.get(requests).orThrow().children()).extracting(Child::fate).containsExactly(ChildFate.REDUNDANT);
        assertWithinGuideline();
        assertThat(kv.meters()).as("each transaction merges the tuples of the requests it decides")
                .allSatisfy(meter -> assertThat(meter.stampedWrites()).isPositive());
        EdgeMapSummary map = new EdgeMapView(backend, keys).read();
        assertThat(map.shards()).isEqualTo(CampaignKeys.EDGE_SHARDS);
        assertThat(map.edges()).isEqualTo(CampaignKeys.EDGE_SHARDS);
        assertThat(store.counts().get(Counter.COMMITTING)).isEqualTo(requests + 1);
    }

    @Test
    void oneChildThatReachesEveryEdgeMapShardIsDecidedOnceAndItsTuplesMergedInTransactionsWithinTheGuideline() {
        List<Lease> leases = leased("one-wide", 2);
        int[] tuples = new int[Coverage.MAX_TUPLES];
        int perShard = Coverage.MAX_TUPLES / CampaignKeys.EDGE_SHARDS;
        for (int i = 0; i < tuples.length; i++) {
            tuples[i] = Coverage.tuple(i / perShard * EdgeMap.SHARD_BYTES + i % perShard, 1);
        }
        Coverage everywhere = Coverage.of(tuples);
        kv.reset();
        CommitTicket ticket = store.beginCommit(epoch, request(leases.get(0),
                new DeclaredChild(id("everywhere"), 10, everywhere, null)), T0 + 1);

        assertThat(ticket.children()).containsExactly(Child.triaged(id("everywhere"), 10, ChildFate.FRONTIER, tuples.length));
        assertWithinGuideline();
        assertThat(kv.meters()).as("the decision, then merges of what it could not merge itself")
                .hasSize(CampaignKeys.EDGE_SHARDS / CampaignStore.MAX_EDGE_SHARDS_PER_TRANSACTION)
                .extracting(MeteredStore.Meter::stampedWrites).first().isNotEqualTo(0);
        EdgeMapSummary map = new EdgeMapView(backend, keys).read();
        assertThat(map.shards()).isEqualTo(CampaignKeys.EDGE_SHARDS);
        assertThat(map.tuples()).isEqualTo(tuples.length);
        CommitTicket again = store.beginCommit(epoch, request(leases.get(1),
                new DeclaredChild(id("everywhere-again"), 10, everywhere, null)), T0 + 2);
        assertThat(again.children()).extracting(Child::fate).containsExactly(ChildFate.REDUNDANT);
    }

    @Test
    void aPageOfCommittingEntriesTakesAFewRoundTripsAndEndsOnceItsChildrenComeToAMebibyte() {
        List<Lease> leases = leased("replayed", 12);
        for (int i = 0; i < leases.size(); i++) {
            List<DeclaredChild> children = new ArrayList<>();
            for (int c = 0; c < CampaignStore.MAX_CHILDREN_PER_TRANSACTION; c++) {
                children.add(DeclaredChild.untriaged(id("replayed-" + i + "-" + c), 10));
            }
            ResultId result = ResultId.random();
            store.beginCommit(epoch, new CommitRequest(leases.get(i), result, ".stage-1/3/" + result, children, AFL, null),
                    T0 + 1);
        }
        kv.reset();

        List<Digest> listed = new ArrayList<>();
        Digest after = null;
        do {
            CommittingPage page = store.listCommitting(after, 256);
            assertThat(page.blocked()).isEmpty();
            page.entries().forEach(entry -> {
                assertThat(entry.children()).hasSize(CampaignStore.MAX_CHILDREN_PER_TRANSACTION);
                listed.add(entry.work().id());
            });
            after = page.next();
        } while (after != null);

        assertThat(listed).isSorted().containsExactlyInAnyOrderElementsOf(leases.stream().map(Lease::work).toList());
        assertThat(kv.meters()).hasSizeGreaterThan(1).allSatisfy(meter -> {
            assertThat(meter.roundTrips()).isLessThanOrEqualTo(FEW_ROUND_TRIPS);
            assertThat(meter.bytesRead()).isLessThan(PageBudget.BYTES + ONE_WIDE_ENTRY_BYTES);
        });
    }

    @Test
    void entriesWithTheMostChildrenOneTransactionTakesGoThroughTheirLifecycleWithinTheGuideline() {
        int entries = 4;
        int most = CampaignStore.MAX_CHILDREN_PER_TRANSACTION;
        List<Lease> leases = leased("most", entries);
        List<Digest> enqueued = new ArrayList<>();
        kv.reset();
        for (int i = 0; i < entries; i++) {
            enqueued.addAll(lifecycle(leases.get(i), "most-" + i, most, i));
        }

        assertThat(enqueued).as("every frontier child of the %d entries", entries)
                .hasSize(entries * most - entries * (most / 97 + 1))
                .doesNotHaveDuplicates();
        assertThat(store.counts().get(Counter.DONE)).isEqualTo(entries);
        assertThat(store.counts().get(Counter.PENDING)).isEqualTo(enqueued.size());
        assertWithinGuideline();
    }

    @Test
    void anEntryOfTenThousandChildrenGoesThroughItsLifecycleInTransactionsEachWithinTheGuideline() {
        int children = 10_000;
        Lease lease = leased("ten-thousand", 1).get(0);
        kv.reset();

        List<Digest> enqueued = lifecycle(lease, "wide", children, 0);

        assertThat(enqueued).as("every frontier child, each once").hasSize(children - (children / 97 + 1))
                .doesNotHaveDuplicates();
        assertThat(store.counts().get(Counter.DONE)).isEqualTo(1);
        assertThat(store.counts().get(Counter.PENDING)).isEqualTo(enqueued.size());
        assertThat(store.counts().get(Counter.FINDINGS)).isEqualTo(children / 97 + 1);
        assertThat(kv.meters()).filteredOn(MeteredStore.Meter::readWrite).as("several transactions")
                .hasSizeGreaterThan(children / CampaignStore.MAX_CHILDREN_PER_TRANSACTION);
        assertWithinGuideline();
        assertThat(dump(backend, keys.draftsBefore(epoch + 1))).as("no draft mark is left").isEmpty();
    }

    /**
     * Commits, marks and completes {@code count} children of {@code lease}, one of every 97 a
     * finding, each child covering an edge of its own at hit count {@code hits}; returns the
     * children the completion enqueued.
     */
    private List<Digest> lifecycle(Lease lease, String name, int count, int hits) {
        List<DeclaredChild> children = new ArrayList<>();
        for (int c = 0; c < count; c++) {
            int edge = (hits * count + c) % (EdgeMap.SHARD_BYTES * 4);
            children.add(new DeclaredChild(id(name + "-" + c), 100,
                    Coverage.of(new int[] {Coverage.tuple(edge, 1 + hits)}), c % 97 == 0 ? SEGV : null));
        }
        ResultId result = ResultId.random();
        CommitTicket ticket = store.beginCommit(epoch, new CommitRequest(lease, result,
                ".stage-1/3/" + result, children, AFL, null), T0 + 1);
        List<Promotion> marks = new ArrayList<>();
        for (int c = 0; c < ticket.children().size(); c++) {
            if (ticket.children().get(c).fate().kept()) {
                marks.add(new Promotion(lease.work(), result, c));
            }
        }
        store.markPromoted(epoch, marks).forEach(ItemResult::orThrow);
        return store.complete(epoch, lease.work(), result, T0 + 2).enqueued();
    }

    // ---- helpers ---------------------------------------------------------------------------

    /**
     * Round trips of the transaction that took the decisions, the one that set the marks and the
     * one that completed {@code items} new items, each with four covered children and a finding.
     */
    private List<Integer> lifecycleRoundTrips(String name, int items) {
        List<Lease> leases = leased(name, items);
        List<CommitRequest> batch = new ArrayList<>();
        for (int i = 0; i < items; i++) {
            List<DeclaredChild> children = new ArrayList<>();
            for (int c = 0; c < 4; c++) {
                int edge = (i * 4 + c) * 97 % (EdgeMap.SHARD_BYTES * 16);
                children.add(new DeclaredChild(id(name + "-child-" + i + "-" + c), 10,
                        Coverage.of(new int[] {Coverage.tuple(edge, 1), Coverage.tuple(edge + 1, 2)}), null));
            }
            children.add(new DeclaredChild(id(name + "-crash-" + i), 10, null, SEGV));
            batch.add(new CommitRequest(leases.get(i), ResultId.random(), ".stage-1/3/" + name + i, children, AFL, null));
        }
        kv.reset();
        List<CommitTicket> tickets = store.beginCommits(epoch, batch, T0 + 1).stream().map(ItemResult::orThrow).toList();
        int decisions = kv.meters().get(0).roundTrips();
        List<Promotion> marks = new ArrayList<>();
        List<Commitment> commitments = new ArrayList<>();
        for (int i = 0; i < items; i++) {
            CommitRequest request = batch.get(i);
            List<Child> children = tickets.get(i).children();
            for (int c = 0; c < children.size(); c++) {
                if (children.get(c).fate().kept()) {
                    marks.add(new Promotion(request.lease().work(), request.result(), c));
                }
            }
            commitments.add(new Commitment(request.lease().work(), request.result()));
        }
        kv.reset();
        store.markPromoted(epoch, marks).forEach(ItemResult::orThrow);
        int marking = kv.meters().get(0).roundTrips();
        kv.reset();
        List<Completion> completions = store.complete(epoch, commitments, T0 + 2).stream().map(ItemResult::orThrow).toList();
        int completing = kv.meters().get(0).roundTrips();
        assertThat(completions).allSatisfy(completion -> assertThat(completion.repeated()).isFalse());
        assertThat(kv.meters()).hasSize(1);
        return List.of(decisions, marking, completing);
    }

    /** {@code count} new seeds, leased to {@link #OWNER}, in the order of their names. */
    private List<Lease> leased(String name, int count) {
        List<WorkPayload> seeds = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            seeds.add(payload(name + "-seed-" + i));
        }
        for (int from = 0; from < count; from += CampaignStore.MAX_BATCH) {
            store.admit(epoch, seeds.subList(from, Math.min(count, from + CampaignStore.MAX_BATCH)))
                    .forEach(ItemResult::orThrow);
        }
        Map<Digest, Lease> leases = new HashMap<>();
        while (!leases.keySet().containsAll(seeds.stream().map(WorkPayload::hash).toList())) {
            for (WorkRecord record : store.claim(epoch, OWNER, Set.of(), CampaignStore.MAX_CLAIM, T0, TTL).granted()) {
                leases.put(record.id(), new Lease(record.id(), record.token()));
            }
        }
        return seeds.stream().map(seed -> leases.get(seed.hash())).toList();
    }

    private static CommitRequest request(Lease lease, DeclaredChild child) {
        ResultId result = ResultId.random();
        return new CommitRequest(lease, result, ".stage-1/3/" + result, List.of(child), AFL, null);
    }

    private void assertWithinGuideline() {
        assertThat(kv.meters()).filteredOn(MeteredStore.Meter::readWrite)
                .isNotEmpty()
                .allSatisfy(meter -> assertThat(meter.bytesWritten()).as("bytes one transaction writes")
                        .isLessThan(GUIDELINE_BYTES));
    }
}
