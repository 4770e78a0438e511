package io.frontier.store.campaign;

import static io.frontier.store.campaign.CampaignFixtures.id;
import static io.frontier.store.campaign.CampaignFixtures.payload;
import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.corpus.Digest;
import io.frontier.store.coverage.Coverage;
import io.frontier.store.exploration.ClaimOrder;
import io.frontier.store.exploration.ExplorationPolicy;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.KeyRange;
import io.frontier.store.keyspace.TestKeyspace;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.kv.KeyValue;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.manifest.ChildFate;
import io.frontier.store.record.CampaignConfig;
import io.frontier.store.record.CampaignIdentity;
import io.frontier.store.record.Owner;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.record.WorkState;
import io.frontier.store.session.FeedEntry;
import io.frontier.store.session.FeedInput;
import io.frontier.store.session.SessionSlot;
import io.frontier.store.view.ManifestView;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.wire.Execution;
import io.frontier.store.wire.ExecutorKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Fuzzing sessions and the campaign feed in the store, run against every key-value backend by a
 * few-line subclass: session items are leased and committed slice by slice under the rules of
 * every item, apart from the input work; every input that reaches new coverage joins the feed.
 */
public abstract class SessionConformance {

    static final double T0 = 3_000_000.0;
    static final double TTL = 30.0;
    static final Owner ALICE = Owner.of("epoch-1/rank-0");
    static final Owner BOB = Owner.of("epoch-1/rank-1");
    static final String SESSION = ExecutorKind.AFL_SESSION;
    static final Execution SLICE = new Execution(SESSION, "ok", 0, false, 10_000, false);
    static final Execution SYMCC = new Execution(ExecutorKind.SYMCC, "ok", 0, false, 300, false);

    protected KeyValueStore kv;
    protected CampaignKeys keys;
    protected CampaignStore store;
    protected long epoch;

    /** A store for one test; closed after it. */
    protected abstract KeyValueStore openStore() throws Exception;

    /** A campaign under the default policy whose job runs executors of {@code kinds}. */
    private void create(List<String> kinds) throws Exception {
        kv = openStore();
        keys = TestKeyspace.campaign("sessions-" + UUID.randomUUID());
        store = new CampaignStore(kv, keys, kinds);
        epoch = store.init(CampaignConfig.of("sessions", 8, 3), CampaignIdentity.of(CampaignIdentity.newId(), null),
                ExplorationPolicy.DEFAULT, "job-1", T0).epoch();
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

    private static DeclaredChild reaching(String name, int edge) {
        return new DeclaredChild(id(name), name.length(), Coverage.of(new int[] {Coverage.tuple(edge, 1)}), null);
    }

    private WorkRecord claimSession(Owner owner, int slot) {
        List<WorkRecord> granted = store.claimSession(epoch, owner, SESSION, slot, T0, TTL).granted();
        assertThat(granted).as("a session is pending").hasSize(1);
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

    private List<Digest> feed() {
        List<Digest> digests = new ArrayList<>();
        for (FeedEntry.Read read : store.feed(null, 1000)) {
            read.entry().inputs().forEach(input -> digests.add(input.digest()));
        }
        return digests;
    }

    @Test
    void ensuringSessionsCreatesEachSlotOnceAsAPendingItemNoInputClaimTakes() throws Exception {
        create(List.of(ExecutorKind.SYMCC, SESSION));
        assertThat(store.ensureSessions(epoch, SESSION, 3)).isEqualTo(3);
        assertThat(store.ensureSessions(epoch, SESSION, 4)).isEqualTo(1);
        assertThat(store.ensureSessions(epoch, SESSION, 2)).isZero();

        assertThat(store.claim(epoch, ALICE, Set.of(), 10, T0, TTL).granted()).isEmpty();
        WorkRecord session = store.work(new SessionSlot(SESSION, 2).payload().hash());
        assertThat(session.state()).isEqualTo(WorkState.PENDING);
        assertThat(session.session()).isEqualTo(new SessionSlot(SESSION, 2));
        assertThat(store.counts().get(Counter.SESSIONS)).isEqualTo(4);
        assertThat(store.counts().get(Counter.PENDING)).as("state counters count inputs only").isZero();
    }

    @Test
    void aSessionClaimTakesTheWorkersOwnSlotWhileItIsPendingAndAnotherOnceItIsNot() throws Exception {
        create(List.of(SESSION));
        store.ensureSessions(epoch, SESSION, 3);
        WorkRecord own = claimSession(ALICE, 1);
        assertThat(own.session().slot()).isEqualTo(1);
        assertThat(own.state()).isEqualTo(WorkState.LEASED);

        WorkRecord other = claimSession(BOB, 1);
        assertThat(other.session().slot()).isNotEqualTo(1);
        claimSession(BOB, 1);
        assertThat(store.claimSession(epoch, ALICE, SESSION, 1, T0, TTL).granted())
                .as("every session is leased").isEmpty();
    }

    @Test
    void aCommittedSliceRecordsItsFindsAndSendsTheSessionBackForItsNextSliceUnderANewToken() throws Exception {
        create(List.of(ExecutorKind.SYMCC, SESSION));
        store.admitSeed(epoch, payload("seed"));
        store.ensureSessions(epoch, SESSION, 1);
        WorkRecord first = claimSession(ALICE, 0);
        Completion slice = run(first, SLICE, reaching("found-by-fuzzer", 7));

        assertThat(slice.state()).isEqualTo(WorkState.PENDING);
        assertThat(slice.enqueued()).containsExactly(id("found-by-fuzzer"));
        WorkRecord again = store.work(first.id());
        assertThat(again.round()).isEqualTo(1);
        assertThat(again.session()).isEqualTo(first.session());
        WorkRecord second = claimSession(ALICE, 0);
        assertThat(second.token()).isNotEqualTo(first.token());
        run(second, SLICE);

        assertThat(new ManifestView(kv, keys).list(null, ManifestView.MAX_PAGE).records())
                .as("one manifest entry per slice").hasSize(2);
        assertThat(store.work(first.id()).round()).isEqualTo(2);
    }

    @Test
    void inAHybridAnInputASessionFoundRunsOnTheOtherKindAheadOfTheRestOfTierZero() throws Exception {
        create(List.of(ExecutorKind.SYMCC, SESSION));
        store.ensureSessions(epoch, SESSION, 1);
        run(claimSession(ALICE, 0), SLICE, reaching("fuzzer-find", 3));
        WorkRecord find = store.work(id("fuzzer-find"));

        assertThat(find.origin()).isEqualTo(SESSION);
        assertThat(find.claimOrder()).isEqualTo(ClaimOrder.GATE);
        assertThat(find.parent()).isEqualTo(new SessionSlot(SESSION, 0).payload().hash());
    }

    @Test
    void seedsAndChildrenThatReachNewCoverageJoinTheFeedInCommitOrderAndRedundantOnesDoNot() throws Exception {
        create(List.of(ExecutorKind.SYMCC, SESSION));
        store.admitSeed(epoch, payload("seed"));
        WorkRecord seed = store.claim(epoch, ALICE, Set.of(), 1, T0, TTL).granted().get(0);
        run(seed, SYMCC, reaching("new-a", 1), reaching("same-as-a", 1), reaching("new-b", 2));

        assertThat(feed()).containsExactly(id("seed"), id("new-a"), id("new-b"));
        List<FeedEntry.Read> entries = store.feed(null, 1000);
        assertThat(store.feed(entries.get(0).position(), 1000)).hasSize(entries.size() - 1);
        assertThat(store.feed(entries.get(entries.size() - 1).position(), 1000)).isEmpty();
        assertThat(entries.get(1).entry().inputs()).contains(new FeedInput(id("new-a"), "new-a".length()));
    }

    @Test
    void inACampaignOfSessionsAloneAKeptFindJoinsTheFeedButBecomesNoWorkAndARedundantOneIsNotKept()
            throws Exception {
        create(List.of(SESSION));
        store.admitSeed(epoch, payload("seed"));
        store.ensureSessions(epoch, SESSION, 1);
        Completion slice = run(claimSession(ALICE, 0), SLICE, reaching("find", 4), reaching("same-as-find", 4));

        assertThat(slice.enqueued()).isEmpty();
        assertThat(store.work(id("find"))).isNull();
        assertThat(feed()).containsExactly(id("seed"), id("find"));
        assertThat(new ManifestView(kv, keys).entry(slice.outcome().result()).orElseThrow().children())
                .extracting(child -> child.fate()).containsExactly(ChildFate.FRONTIER, ChildFate.REDUNDANT);
    }

    @Test
    void anExpiredSessionLeaseIsRecoveredAsASessionWithNoCorpusObjectToVerify() throws Exception {
        create(List.of(SESSION));
        store.ensureSessions(epoch, SESSION, 1);
        WorkRecord held = claimSession(ALICE, 0);
        RecoveryResult recovered = store.recoverExpired(epoch, BOB, 10, T0 + TTL + 1);

        assertThat(recovered.recovered()).containsExactly(new Recovered(held.id(), held.payload(), true));
        assertThat(store.work(held.id()).state()).isEqualTo(WorkState.PENDING);
        KeyRange sessions = keys.sessions(SESSION);
        List<KeyValue> pending = kv.read(tx -> tx.getRange(sessions.begin(), sessions.end(), 10, false));
        assertThat(pending).hasSize(1);
    }

    @Test
    void aCampaignWithSessionsIsNeverQuiescent() throws Exception {
        create(List.of(SESSION));
        store.ensureSessions(epoch, SESSION, 1);

        assertThat(store.checkQuiescence(epoch, T0).quiescent()).isFalse();
    }
}
