package io.frontier.store.view;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.apple.foundationdb.tuple.Tuple;
import io.frontier.store.campaign.Blocked;
import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.campaign.CampaignFixtures;
import io.frontier.store.campaign.ClaimResult;
import io.frontier.store.campaign.CommitRequest;
import io.frontier.store.campaign.CommitTicket;
import io.frontier.store.campaign.ItemResult;
import io.frontier.store.campaign.Lease;
import io.frontier.store.campaign.Promotion;
import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.corpus.Digest;
import io.frontier.store.coverage.Coverage;
import io.frontier.store.error.InvalidInputException;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.TestKeyspace;
import io.frontier.store.keyspace.KeyRange;
import io.frontier.store.kv.KeyValue;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.MeteredStore;
import io.frontier.store.kv.ReadTransaction;
import io.frontier.store.kv.SlowReads;
import io.frontier.store.kv.StoreOptions;
import io.frontier.store.manifest.Child;
import io.frontier.store.manifest.ChildFate;
import io.frontier.store.manifest.ManifestEntry;
import io.frontier.store.record.CampaignConfig;
import io.frontier.store.record.Owner;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.WorkPayload;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.record.WorkState;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.wire.DeclaredFinding;
import io.frontier.store.wire.Execution;
import io.frontier.store.wire.FindingKind;
import io.frontier.store.paging.PageBudget;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The read-only views' contract, run against every key-value backend by a few-line subclass.
 * Campaigns are built through {@link CampaignStore}, as coordinators build them; each test uses a
 * campaign of its own, so backends that share one database between tests stay isolated.
 */
public abstract class CampaignViewConformance {

    static final double T0 = 1_000_000.0;
    static final double TTL = 30.0;
    static final Owner ALICE = Owner.of("epoch-1/rank-0");
    static final Owner BOB = Owner.of("epoch-1/rank-1");
    static final Execution EXECUTION = new Execution("command", "ok", 0, false, 12, false);
    /** More than an entry with the most children a result may declare takes in the manifest. */
    static final long ONE_WIDE_ENTRY_BYTES = 200_000;
    /**
     * A store whose reads through {@link SlowReads} must end within 250 ms, each call within
     * 750 ms: a page of all 120 items misses that.
     */
    static final StoreOptions HURRIED = StoreOptions.DEFAULT.withAttemptTimeout(Duration.ofMillis(250))
            .withCallTimeout(Duration.ofMillis(750));
    /** How long {@link SlowReads} takes per value: 120 values take 480 ms, 30 take 120 ms. */
    static final Duration PER_VALUE = Duration.ofMillis(4);

    protected KeyValueStore kv;
    protected CampaignKeys keys;
    protected CampaignStore store;
    protected ManifestView manifest;
    protected WorkView work;
    protected EdgeMapView edges;
    protected LoadView load;
    protected long epoch;

    /**
     * A handle with {@code options} on the database of the current test: called once before each
     * test with {@link StoreOptions#DEFAULT}, and again by tests that need other options; the
     * caller closes it.
     */
    protected abstract KeyValueStore openStore(StoreOptions options) throws Exception;

    @BeforeEach
    protected void createCampaign() throws Exception {
        kv = openStore(StoreOptions.DEFAULT);
        keys = TestKeyspace.campaign("v-" + UUID.randomUUID());
        store = new CampaignStore(kv, keys);
        manifest = new ManifestView(kv, keys);
        work = new WorkView(kv, keys);
        edges = new EdgeMapView(kv, keys);
        load = new LoadView(kv, keys);
        epoch = store.init(CampaignConfig.of("views", 8, 3), "job-1", T0).epoch();
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

    static Digest id(String name) {
        return ContentHasher.hash(name.getBytes(StandardCharsets.UTF_8)).digest();
    }

    static Child child(String name) {
        return Child.frontier(id(name), name.length());
    }

    private Lease leased(String name, Owner owner, double now) {
        store.admitSeed(epoch, new WorkPayload(id(name), name.length()));
        ClaimResult claim = store.claim(epoch, owner, Set.of(), 1, now, TTL);
        WorkRecord record = claim.granted().get(0);
        assertThat(record.id()).isEqualTo(id(name));
        return new Lease(record.id(), record.token());
    }

    private CommitRequest request(Lease lease, List<Child> children) {
        ResultId result = ResultId.random();
        return new CommitRequest(lease, result, ".stage-" + epoch + "/3/" + result,
                CampaignFixtures.declared(children), EXECUTION, null);
    }

    /** Takes the commit decision for a new seed {@code name} with {@code children}; returns the entry. */
    private ManifestEntry committed(String name, String... children) {
        List<Child> list = new ArrayList<>();
        for (String child : children) {
            list.add(child(child));
        }
        return store.beginCommit(epoch, request(leased(name, ALICE, T0), list), T0).entry();
    }

    private void promoteAll(ManifestEntry entry) {
        List<Promotion> marks = new ArrayList<>();
        for (int i = 0; i < entry.children(); i++) {
            marks.add(new Promotion(entry.work(), entry.result(), i));
        }
        if (!marks.isEmpty()) {
            store.markPromoted(epoch, marks).forEach(ItemResult::orThrow);
        }
    }

    /** Every entry the manifest lists, page by page of {@code size}. */
    private List<ManifestRecord> allPages(int size) {
        List<ManifestRecord> all = new ArrayList<>();
        EntryId after = null;
        do {
            ManifestPage page = manifest.list(after, size);
            assertThat(page.records().size() + page.blocked().size()).isLessThanOrEqualTo(size);
            all.addAll(page.records());
            after = page.next();
        } while (after != null);
        return all;
    }

    private static List<ResultId> results(List<ManifestRecord> records) {
        return records.stream().map(record -> record.entry().result()).toList();
    }

    private void plant(byte[] key, byte[] value) {
        kv.run(tx -> {
            tx.set(key, value);
            return null;
        });
    }

    /** Stores edge map shards 0 to {@code count - 1}, each with one edge reached in two buckets. */
    private void plantShards(int count) {
        for (int from = 0; from < count; from += EdgeMapView.SHARDS_PER_READ) {
            int first = from;
            kv.run(tx -> {
                for (int shard = first; shard < Math.min(count, first + EdgeMapView.SHARDS_PER_READ); shard++) {
                    byte[] value = new byte[CampaignKeys.EDGE_SHARD_BYTES];
                    value[shard % CampaignKeys.EDGE_SHARD_BYTES] = 0b11;
                    tx.set(keys.edges(shard), value);
                }
                return null;
            });
        }
    }

    private void erase(byte[] key) {
        kv.run(tx -> {
            tx.clear(key);
            return null;
        });
    }

    private List<String> everything() {
        KeyRange all = keys.all();
        return kv.read(tx -> {
            List<String> lines = new ArrayList<>();
            for (KeyValue pair : tx.getRange(all.begin(), all.end(), ReadTransaction.UNLIMITED, false)) {
                lines.add(HexFormat.of().formatHex(pair.key()) + "=" + HexFormat.of().formatHex(pair.value()));
            }
            return lines;
        });
    }

    // ---- manifest --------------------------------------------------------------------------

    @Test
    void listReturnsEntriesInCommitOrderPageByPage() {
        List<ResultId> committed = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            committed.add(committed("seed-" + i, "child-" + i).result());
        }
        List<CommitRequest> batch = new ArrayList<>();
        for (int i = 5; i < 8; i++) {
            batch.add(request(leased("seed-" + i, BOB, T0), List.of(child("child-" + i))));
        }
        for (ItemResult<CommitTicket> ticket : store.beginCommits(epoch, batch, T0)) {
            committed.add(ticket.orThrow().entry().result());
        }

        assertThat(results(allPages(3))).containsExactlyElementsOf(committed);
        assertThat(results(allPages(1))).containsExactlyElementsOf(committed);
        assertThat(results(manifest.list(null, 100).records())).containsExactlyElementsOf(committed);
        List<EntryId> ids = allPages(2).stream().map(ManifestRecord::id).toList();
        assertThat(ids).isSorted().doesNotHaveDuplicates();
    }

    @Test
    void aManifestPageEndsOnceItHasReadAMebibyteAndTheNextPageGoesOn() {
        List<ResultId> committed = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            List<Child> children = new ArrayList<>();
            for (int c = 0; c < CampaignStore.MAX_CHILDREN_PER_TRANSACTION; c++) {
                children.add(child("wide-" + i + "-" + c));
            }
            committed.add(store.beginCommit(epoch, request(leased("wide-" + i, ALICE, T0), children), T0).entry().result());
        }
        MeteredStore metered = new MeteredStore(kv);
        ManifestView view = new ManifestView(metered, keys);

        List<ResultId> listed = new ArrayList<>();
        EntryId after = null;
        do {
            ManifestPage page = view.list(after, ManifestView.MAX_PAGE);
            assertThat(page.records()).isNotEmpty();
            listed.addAll(results(page.records()));
            after = page.next();
        } while (after != null);

        assertThat(listed).containsExactlyElementsOf(committed);
        assertThat(metered.meters()).hasSizeGreaterThan(1).allSatisfy(meter -> assertThat(meter.bytesRead())
                .as("bytes one page reads: its budget and at most one entry more")
                .isLessThan(PageBudget.BYTES + ONE_WIDE_ENTRY_BYTES));
    }

    @Test
    void aManifestPageOfEntriesWhoseChildrenAreKeptApartEndsOnceTheyComeToAMebibyte() {
        List<ResultId> committed = new ArrayList<>();
        int wide = 3 * CampaignStore.MAX_CHILDREN_PER_TRANSACTION;
        for (int i = 0; i < 4; i++) {
            List<Child> children = new ArrayList<>();
            for (int c = 0; c < wide; c++) {
                children.add(child("apart-" + i + "-" + c));
            }
            committed.add(store.beginCommit(epoch, request(leased("apart-" + i, ALICE, T0), children), T0).entry().result());
        }
        MeteredStore metered = new MeteredStore(kv);
        ManifestView view = new ManifestView(metered, keys);

        List<ResultId> listed = new ArrayList<>();
        EntryId after = null;
        do {
            ManifestPage page = view.list(after, ManifestView.MAX_PAGE);
            assertThat(page.records()).isNotEmpty().allSatisfy(record -> assertThat(record.children()).hasSize(wide));
            listed.addAll(results(page.records()));
            after = page.next();
        } while (after != null);

        assertThat(listed).containsExactlyElementsOf(committed);
        assertThat(metered.meters()).as("pages").hasSizeGreaterThan(1);
    }

    @Test
    void aManifestPageThatTimesOutIsReadAgainSmallerAndTheListingGoesOn() throws Exception {
        List<Lease> leases = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            leases.add(leased("slow-" + i, ALICE, T0));
        }
        List<ResultId> committed = new ArrayList<>();
        List<CommitRequest> batch = leases.stream().map(lease -> request(lease, List.of())).toList();
        store.beginCommits(epoch, batch, T0).forEach(ticket -> committed.add(ticket.orThrow().entry().result()));

        try (KeyValueStore hurried = openStore(HURRIED)) {
            ManifestView view = new ManifestView(new SlowReads(hurried, PER_VALUE), keys);
            List<ResultId> listed = new ArrayList<>();
            EntryId after = null;
            do {
                ManifestPage page = view.list(after, ManifestView.MAX_PAGE);
                listed.addAll(results(page.records()));
                after = page.next();
            } while (after != null);
            assertThat(listed).containsExactlyElementsOf(committed);
        }
    }

    @Test
    void aPageEndsWithACursorAndTheLastPageWithNone() {
        committed("a");
        committed("b");
        committed("c");

        ManifestPage first = manifest.list(null, 2);
        ManifestPage rest = manifest.list(first.next(), 2);

        assertThat(first.records()).hasSize(2);
        assertThat(first.next()).isEqualTo(first.records().get(1).id());
        assertThat(rest.records()).hasSize(1);
        assertThat(rest.hasNext()).isFalse();
        assertThat(manifest.list(rest.records().get(0).id(), 2).records()).isEmpty();
    }

    @Test
    void anEmptyManifestListsNothing() {
        ManifestPage page = manifest.list(null, 10);

        assertThat(page.records()).isEmpty();
        assertThat(page.blocked()).isEmpty();
        assertThat(page.hasNext()).isFalse();
    }

    @Test
    void aRecordCarriesEveryChildInOrderAcrossChunks() {
        String[] names = new String[ManifestEntry.CHUNK_SIZE + 44];
        for (int i = 0; i < names.length; i++) {
            names[i] = "many-" + i;
        }
        ManifestEntry entry = committed("parent", names);
        store.markPromoted(epoch, List.of(new Promotion(entry.work(), entry.result(), 0),
                new Promotion(entry.work(), entry.result(), 299))).forEach(ItemResult::orThrow);

        ManifestRecord record = manifest.list(null, 10).records().get(0);

        assertThat(entry.chunks()).isEqualTo(2);
        assertThat(record.children()).hasSize(names.length);
        for (int i = 0; i < names.length; i++) {
            assertThat(record.children().get(i)).isEqualTo(child(names[i]));
        }
        assertThat(record.promoted(0)).isTrue();
        assertThat(record.promoted(1)).isFalse();
        assertThat(record.promoted(299)).isTrue();
        assertThat(record.promotedCount()).isEqualTo(2);
        assertThat(record.strayMarks()).isZero();
        assertThat(record.status()).isEqualTo(ManifestRecord.Status.OPEN);
    }

    @Test
    void statusFollowsCompletionAndAbandonment() {
        ManifestEntry open = committed("open", "x");
        ManifestEntry done = committed("done", "y", "z");
        ManifestEntry lost = committed("lost", "w");
        promoteAll(done);
        store.complete(epoch, done.work(), done.result(), T0 + 1);
        store.abandon(epoch, lost.work(), lost.result(), "staged bytes gone", T0 + 2);

        List<ManifestRecord> records = manifest.list(null, 10).records();

        assertThat(records).extracting(ManifestRecord::status).containsExactly(ManifestRecord.Status.OPEN,
                ManifestRecord.Status.DONE, ManifestRecord.Status.ABANDONED);
        assertThat(records.get(0).entry()).isEqualTo(open);
        assertThat(records.get(0).outcome()).isNull();
        assertThat(records.get(1).outcome().enqueued()).isEqualTo(2);
        assertThat(records.get(1).promotedCount()).isEqualTo(2);
        assertThat(records.get(2).outcome().reason()).isEqualTo("staged bytes gone");
    }

    @Test
    void anEntryIsFoundByItsIdAndByItsResult() {
        committed("first", "c1");
        ManifestEntry second = committed("second", "c2", "c3");
        EntryId id = manifest.list(null, 10).records().get(1).id();

        ManifestRecord byId = manifest.entry(id).orElseThrow();
        ManifestRecord byResult = manifest.entry(second.result()).orElseThrow();

        assertThat(byId.entry()).isEqualTo(second);
        assertThat(byId.children()).containsExactly(child("c2"), child("c3"));
        assertThat(byResult.id()).isEqualTo(id);
        assertThat(EntryId.parse(id.hex())).isEqualTo(id);
        assertThat(manifest.entry(ResultId.random())).isEmpty();
        assertThat(manifest.entry(EntryId.parse("00000000000000000001ffff"))).isEmpty();
    }

    @Test
    void entryIdsAreSpelledAsTwentyFourLowercaseHexCharacters() {
        for (String bad : new String[] {null, "", "abc", "FFFFFFFFFFFFFFFFFFFF0000", "ffffffffffffffffffff00000",
                "gfffffffffffffffffff0000"}) {
            assertThatThrownBy(() -> EntryId.parse(bad)).isInstanceOf(InvalidInputException.class)
                    .hasMessageContaining("manifest entry id is not 24 lowercase hexadecimal characters");
        }
    }

    @Test
    void aDamagedHeadIsBlockedAndTheOtherEntriesAreListed() {
        committed("a", "ca");
        committed("b", "cb");
        committed("c", "cc");
        EntryId damaged = manifest.list(null, 10).records().get(1).id();
        byte[] head = keys.manifest(damaged.versionstamp(), 0);
        plant(head, "{\"schema\":1".getBytes(StandardCharsets.UTF_8));

        ManifestPage page = manifest.list(null, 10);
        ManifestPage firstTwo = manifest.list(null, 2);

        assertThat(page.records()).hasSize(2).extracting(ManifestRecord::id).doesNotContain(damaged);
        assertThat(page.blocked()).singleElement().satisfies(blocked -> {
            assertThat(blocked.key()).isEqualTo(HexFormat.of().formatHex(head));
            assertThat(blocked.problem().getMessage()).contains(HexFormat.of().formatHex(head));
        });
        assertThat(firstTwo.next()).as("a blocked entry counts toward the page").isEqualTo(damaged);
    }

    @Test
    void aMissingChildChunkIsBlocked() {
        ManifestEntry entry = committed("parent", "one", "two");
        EntryId id = manifest.list(null, 1).records().get(0).id();
        erase(keys.manifest(id.versionstamp(), 1));

        ManifestPage page = manifest.list(null, 10);

        assertThat(page.records()).isEmpty();
        assertThat(page.blocked()).singleElement().satisfies(blocked ->
                assertThat(blocked.problem().getMessage()).contains("chunks differ from its declared count"));
        assertThatThrownBy(() -> manifest.entry(entry.result()))
                .hasMessageContaining("chunks differ from its declared count");
    }

    @Test
    void aStrayMarkBeyondTheChildrenIsCounted() {
        committed("parent", "only");
        EntryId id = manifest.list(null, 1).records().get(0).id();
        plant(keys.promoted(id.versionstamp()), new byte[] {(byte) 0b1000_0001});

        ManifestRecord record = manifest.entry(id).orElseThrow();

        assertThat(record.promotedCount()).isEqualTo(1);
        assertThat(record.strayMarks()).isEqualTo(1);
    }

    @Test
    void pageSizeIsBounded() {
        assertThatThrownBy(() -> manifest.list(null, 0)).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> manifest.list(null, ManifestView.MAX_PAGE + 1)).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> work.list(WorkState.LEASED, null, 0)).isInstanceOf(InvalidInputException.class);
    }

    // ---- work items ------------------------------------------------------------------------

    @Test
    void leasedItemsAreListedWithHolderTokenAndExpiryNextToExpireFirst() {
        Lease late = leased("late", ALICE, T0 + 20);
        Lease early = leased("early", BOB, T0);

        WorkPage page = work.list(WorkState.LEASED, null, 10);

        assertThat(page.items()).extracting(item -> item.record().id()).containsExactly(early.work(), late.work());
        WorkRecord first = page.items().get(0).record();
        assertThat(first.owner()).isEqualTo(BOB);
        assertThat(first.token()).isEqualTo(early.token());
        assertThat(first.leaseExpiry()).isEqualTo(T0 + TTL);
        assertThat(first.epoch()).isEqualTo(epoch);
        assertThat(page.items().get(0).entry()).isNull();
        assertThat(page.hasNext()).isFalse();
    }

    @Test
    void committingItemsNameTheirEntryAndWhenItWasCommitted() {
        ManifestEntry entry = committed("parent", "kid");
        leased("still-leased", ALICE, T0);

        WorkPage page = work.list(WorkState.COMMITTING, null, 10);

        assertThat(page.items()).singleElement().satisfies(item -> {
            assertThat(item.record().id()).isEqualTo(entry.work());
            assertThat(item.record().result()).isEqualTo(entry.result());
            assertThat(item.committedAt()).isEqualTo(entry.committedAt());
            assertThat(manifest.entry(item.entry()).orElseThrow().entry()).isEqualTo(entry);
        });
    }

    @Test
    void pendingItemsArePagedWithACursorEachOnce() {
        List<Digest> admitted = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            admitted.add(store.admitSeed(epoch, new WorkPayload(id("p-" + i), 3)).record().id());
        }

        List<Digest> listed = new ArrayList<>();
        WorkCursor cursor = null;
        int pages = 0;
        do {
            WorkPage page = work.list(WorkState.PENDING, cursor, 3);
            page.items().forEach(item -> listed.add(item.record().id()));
            cursor = page.next();
            pages++;
        } while (cursor != null);

        assertThat(listed).containsExactlyInAnyOrderElementsOf(admitted);
        assertThat(pages).isEqualTo(3);
        assertThat(work.list(WorkState.LEASED, null, 10).items()).isEmpty();
    }

    @Test
    void aWorkPageThatTimesOutIsReadAgainSmallerAndTheListingGoesOn() throws Exception {
        List<WorkPayload> seeds = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            seeds.add(new WorkPayload(id("slow-" + i), 3));
        }
        store.admit(epoch, seeds).forEach(ItemResult::orThrow);

        try (KeyValueStore hurried = openStore(HURRIED)) {
            WorkView view = new WorkView(new SlowReads(hurried, PER_VALUE), keys);
            List<Digest> listed = new ArrayList<>();
            WorkCursor cursor = null;
            do {
                WorkPage page = view.list(WorkState.PENDING, cursor, WorkView.MAX_PAGE);
                page.items().forEach(item -> listed.add(item.record().id()));
                cursor = page.next();
            } while (cursor != null);
            assertThat(listed).doesNotHaveDuplicates()
                    .containsExactlyInAnyOrderElementsOf(seeds.stream().map(WorkPayload::hash).toList());
        }
    }

    @Test
    void aCursorOfAnotherStateAndTerminalStatesAreRefused() {
        store.admitSeed(epoch, new WorkPayload(id("a"), 1));
        store.admitSeed(epoch, new WorkPayload(id("b"), 1));
        WorkCursor pending = work.list(WorkState.PENDING, null, 1).next();

        assertThatThrownBy(() -> work.list(WorkState.LEASED, pending, 10))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("cursor belongs to another state");
        assertThatThrownBy(() -> work.list(WorkState.DONE, null, 10))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("have an index");
    }

    @Test
    void anIndexEntryWithoutAMatchingRecordIsBlockedAndTheOthersListed() {
        Lease good = leased("good", ALICE, T0);
        Digest pending = store.admitSeed(epoch, new WorkPayload(id("pending"), 7)).record().id();
        byte[] forged = keys.leased(epoch, T0 + 5, pending);
        plant(forged, new byte[0]);

        WorkPage page = work.list(WorkState.LEASED, null, 10);

        assertThat(page.items()).extracting(item -> item.record().id()).containsExactly(good.work());
        assertThat(page.blocked()).singleElement().satisfies(blocked -> {
            assertThat(blocked.key()).isEqualTo(HexFormat.of().formatHex(forged));
            assertThat(blocked.problem().getMessage()).contains("index entry has no matching work record");
        });
    }

    @Test
    void everyWorkRecordIsWalkedOnceAcrossPagesWhateverItsStateAndADamagedOneIsBlocked() {
        ManifestEntry entry = committed("committed parent", "its child");
        promoteAll(entry);
        store.complete(epoch, entry.work(), entry.result(), T0);
        List<WorkPayload> seeds = new ArrayList<>();
        for (int i = 0; i < WorkRecordView.PAGE + 20; i++) {
            seeds.add(new WorkPayload(id("walk-" + i), 6));
        }
        for (int from = 0; from < seeds.size(); from += CampaignStore.MAX_BATCH) {
            store.admit(epoch, seeds.subList(from, Math.min(seeds.size(), from + CampaignStore.MAX_BATCH)))
                    .forEach(ItemResult::orThrow);
        }
        Digest damaged = id("walk-7");
        plant(keys.work(damaged), "{\"schema\":1".getBytes(StandardCharsets.UTF_8));

        List<WorkRecord> walked = new ArrayList<>();
        List<String> blocked = new ArrayList<>();
        new WorkRecordView(kv, keys).forEach(new WorkRecordView.Visitor() {
            @Override
            public void record(WorkRecord record) {
                walked.add(record);
            }

            @Override
            public void blocked(Blocked problem) {
                blocked.add(problem.key());
            }
        });

        List<Digest> expected = new ArrayList<>(seeds.stream().map(WorkPayload::hash).toList());
        expected.remove(damaged);
        expected.add(id("committed parent"));
        expected.add(id("its child"));
        assertThat(walked).extracting(WorkRecord::id).containsExactlyInAnyOrderElementsOf(expected)
                .as("in work id order").isSorted();
        assertThat(walked).filteredOn(record -> record.id().equals(id("committed parent")))
                .extracting(WorkRecord::state).containsExactly(WorkState.DONE);
        assertThat(blocked).containsExactly(HexFormat.of().formatHex(keys.work(damaged)));
    }

    @Test
    void aRecordShowsEachChildsFateAndNewEdges() {
        Lease lease = leased("parent", ALICE, T0);
        ResultId result = ResultId.random();
        Coverage reached = Coverage.of(new int[] {Coverage.tuple(3, 1), Coverage.tuple(4, 1)});
        store.beginCommit(epoch, new CommitRequest(lease, result, ".stage-" + epoch + "/3/" + result, List.of(
                new DeclaredChild(id("new"), 3, reached, null), new DeclaredChild(id("same"), 4, reached, null),
                new DeclaredChild(id("boom"), 4, reached, new DeclaredFinding(FindingKind.CRASH, 11, "signal:11"))),
                EXECUTION, null), T0);

        ManifestRecord record = manifest.entry(result).orElseThrow();

        assertThat(record.children()).containsExactly(Child.triaged(id("new"), 3, ChildFate.FRONTIER, 2),
                Child.triaged(id("same"), 4, ChildFate.REDUNDANT, 0), new Child(id("boom"), 4, ChildFate.FINDING, 0, false));
    }

    // ---- edge map and load -----------------------------------------------------------------

    @Test
    void theEdgeMapCountsReachedEdgesAndTuplesAcrossShards() {
        assertThat(edges.read()).isEqualTo(new EdgeMapSummary(0, 0, 0, List.of()));
        int far = 5 * CampaignKeys.EDGE_SHARD_BYTES + 1;
        store.beginCommit(epoch, request(leased("a", ALICE, T0), List.of()), T0);
        Lease lease = leased("b", ALICE, T0);
        ResultId result = ResultId.random();
        store.beginCommit(epoch, new CommitRequest(lease, result, ".stage-" + epoch + "/3/" + result, List.of(
                new DeclaredChild(id("c1"), 2, Coverage.of(new int[] {Coverage.tuple(0, 1), Coverage.tuple(0, 2),
                        Coverage.tuple(far, 1)}), null),
                new DeclaredChild(id("c2"), 2, Coverage.of(new int[] {Coverage.tuple(far, 500), Coverage.tuple(9, 3)}),
                        null)), EXECUTION, null), T0);

        EdgeMapSummary map = edges.read();

        assertThat(map.shards()).isEqualTo(2);
        assertThat(map.edges()).isEqualTo(3);
        assertThat(map.tuples()).isEqualTo(5);
        assertThat(map.blocked()).isEmpty();
    }

    @Test
    void aShardOfAnotherWidthIsBlockedAndTheOthersCounted() {
        byte[] good = new byte[CampaignKeys.EDGE_SHARD_BYTES];
        good[7] = 0b11;
        plant(keys.edges(0), good);
        plant(keys.edges(1), new byte[] {1, 1});

        EdgeMapSummary map = edges.read();

        assertThat(map.edges()).isEqualTo(1);
        assertThat(map.tuples()).isEqualTo(2);
        assertThat(map.blocked()).singleElement().satisfies(blocked -> {
            assertThat(blocked.key()).isEqualTo(HexFormat.of().formatHex(keys.edges(1)));
            assertThat(blocked.problem().getMessage()).contains("edge map shard is not of the shard width");
        });
    }

    @Test
    void theWholeEdgeMapIsCountedReadingAtMostAPageOfShardsPerSnapshot() {
        plantShards(CampaignKeys.EDGE_SHARDS);
        MeteredStore metered = new MeteredStore(kv);

        EdgeMapSummary map = new EdgeMapView(metered, keys).read();

        assertThat(map).isEqualTo(new EdgeMapSummary(CampaignKeys.EDGE_SHARDS, CampaignKeys.EDGE_SHARDS,
                2L * CampaignKeys.EDGE_SHARDS, List.of()));
        assertThat(metered.meters()).allSatisfy(meter -> assertThat(meter.bytesRead())
                .isLessThanOrEqualTo(EdgeMapView.SHARDS_PER_READ * (CampaignKeys.EDGE_SHARD_BYTES + 128L)));
    }

    @Test
    void aTallyRereadsOnePageOfShardsPerCallAndCatchesUpWithinOneTurnNeverAhead() {
        int stored = EdgeMapView.SHARDS_PER_READ * 2 + 40;
        plantShards(stored);
        MeteredStore metered = new MeteredStore(kv);
        EdgeMapTally tally = new EdgeMapTally(metered, keys);
        assertThat(tally.read()).as("the first call reads the whole map").isEqualTo(edges.read());

        byte[] more = new byte[CampaignKeys.EDGE_SHARD_BYTES];
        more[1] = 0b1;
        kv.run(tx -> {
            tx.bitOr(keys.edges(0), more);
            tx.bitOr(keys.edges(stored - 1), more);
            tx.bitOr(keys.edges(stored), more);
            return null;
        });
        EdgeMapSummary now = edges.read();
        metered.reset();
        int turn = (stored + 1 + EdgeMapView.SHARDS_PER_READ - 1) / EdgeMapView.SHARDS_PER_READ;
        EdgeMapSummary seen = null;
        for (int call = 0; call < turn; call++) {
            seen = tally.read();
            assertThat(seen.edges()).isLessThanOrEqualTo(now.edges());
            assertThat(seen.tuples()).isLessThanOrEqualTo(now.tuples());
        }
        assertThat(seen).isEqualTo(now);
        assertThat(metered.meters()).hasSize(turn).allSatisfy(meter -> assertThat(meter.bytesRead())
                .isLessThanOrEqualTo(EdgeMapView.SHARDS_PER_READ * (CampaignKeys.EDGE_SHARD_BYTES + 128L)));
    }

    @Test
    void loadCountsEachCoordinatorsCommitDecisions() {
        store.beginCommit(epoch, request(leased("a", ALICE, T0), List.of()), T0);
        store.beginCommit(epoch, request(leased("b", BOB, T0), List.of()), T0);
        store.beginCommit(epoch, request(leased("c", BOB, T0), List.of()), T0);
        byte[] forged = Tuple.fromBytes(keys.load(ALICE)).popBack().add(7L).pack();
        plant(forged, new byte[8]);

        Loads loads = load.read();

        assertThat(loads.loads()).containsExactly(new Load(ALICE, 1), new Load(BOB, 2));
        assertThat(loads.total()).isEqualTo(3);
        assertThat(loads.blocked()).singleElement()
                .satisfies(blocked -> assertThat(blocked.key()).isEqualTo(HexFormat.of().formatHex(forged)));
    }

    @Test
    void viewsNeverWrite() {
        ManifestEntry entry = committed("parent", "kid");
        leased("leased", BOB, T0);
        store.admitSeed(epoch, new WorkPayload(id("pending"), 1));
        List<String> before = everything();

        manifest.list(null, 10);
        manifest.entry(entry.result());
        for (WorkState state : List.of(WorkState.PENDING, WorkState.LEASED, WorkState.COMMITTING)) {
            work.list(state, null, 10);
        }
        edges.read();
        load.read();

        assertThat(everything()).isEqualTo(before);
    }
}
