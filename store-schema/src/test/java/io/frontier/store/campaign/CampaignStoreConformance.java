package io.frontier.store.campaign;

import static io.frontier.store.campaign.CampaignFixtures.child;
import static io.frontier.store.campaign.CampaignFixtures.dump;
import static io.frontier.store.campaign.CampaignFixtures.id;
import static io.frontier.store.campaign.CampaignFixtures.payload;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.apple.foundationdb.tuple.Tuple;
import io.frontier.store.error.CampaignSetupException;
import io.frontier.store.error.CorruptRecordException;
import io.frontier.store.error.FrontierException;
import io.frontier.store.error.FutureSchemaException;
import io.frontier.store.error.InvalidInputException;
import io.frontier.store.error.StaleEpochException;
import io.frontier.store.error.StaleTokenException;
import io.frontier.store.error.WrongStateException;
import io.frontier.store.keyspace.Buckets;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.TestKeyspace;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.manifest.Child;
import io.frontier.store.manifest.ManifestEntry;
import io.frontier.store.manifest.Outcome;
import io.frontier.store.record.CampaignConfig;
import io.frontier.store.record.CampaignIdentity;
import io.frontier.store.record.InvalidResultMarker;
import io.frontier.store.record.JobHeartbeat;
import io.frontier.store.record.Owner;
import io.frontier.store.record.RecordCodec;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.Token;
import io.frontier.store.corpus.Digest;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.record.WorkState;
import io.frontier.store.view.ManifestRecord;
import io.frontier.store.view.ManifestView;
import io.frontier.store.wire.Execution;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The whole campaign contract, run against every key-value backend by a few-line subclass. Each
 * test uses a campaign of its own, so backends that share one database between tests (a
 * FoundationDB cluster) stay isolated.
 */
public abstract class CampaignStoreConformance {

    static final double T0 = 1_000_000.0;
    static final double TTL = 30.0;
    static final Owner ALICE = Owner.of("job-1/rank-0");
    static final Owner BOB = Owner.of("job-1/rank-1");
    static final CampaignConfig CONFIG = CampaignConfig.of("conformance", 16, 3);
    static final Execution EXECUTION = new Execution("command", "timeout", 9, true, 60_000, true);

    protected KeyValueStore kv;
    protected CampaignKeys keys;
    protected CampaignStore store;
    protected long epoch;

    /** A store for one test; closed after it. */
    protected abstract KeyValueStore openStore() throws Exception;

    @BeforeEach
    protected void createCampaign() throws Exception {
        kv = openStore();
        keys = TestKeyspace.campaign("t-" + UUID.randomUUID());
        store = new CampaignStore(kv, keys);
        epoch = store.init(CONFIG, "job-1", T0).epoch();
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

    private WorkRecord admitted(String name) {
        return store.admitSeed(epoch, payload(name)).record();
    }

    private Lease claimOne(Owner owner, double now) {
        ClaimResult result = store.claim(epoch, owner, Set.of(), 1, now, TTL);
        assertThat(result.granted()).hasSize(1);
        WorkRecord record = result.granted().get(0);
        return new Lease(record.id(), record.token());
    }

    private Lease leasedSeed(String name) {
        admitted(name);
        return claimOne(ALICE, T0);
    }

    private CommitRequest request(Lease lease, ResultId result, String... children) {
        List<Child> list = new ArrayList<>();
        for (String name : children) {
            list.add(child(name));
        }
        return new CommitRequest(lease, result, ".stage-" + epoch + "/3/" + result, CampaignFixtures.declared(list),
                EXECUTION, null);
    }

    private void promoteAll(Digest work, ResultId result, int children) {
        List<Promotion> marks = new ArrayList<>();
        for (int i = 0; i < children; i++) {
            marks.add(new Promotion(work, result, i));
        }
        if (!marks.isEmpty()) {
            store.markPromoted(epoch, marks).forEach(ItemResult::orThrow);
        }
    }

    /** Admits, claims and takes the commit decision for a seed named {@code name}, one child. */
    private Digest committingSeed(String name) {
        Lease lease = leasedSeed(name);
        store.beginCommit(epoch, request(lease, ResultId.random(), "child-of-" + name), T0);
        return lease.work();
    }

    /** {@code count} committing seeds, in work id order (the committing index order). */
    private List<Digest> committingSeeds(int count) {
        List<Digest> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ids.add(committingSeed("seed-" + i));
        }
        ids.sort(Comparator.comparing(Digest::hex));
        return ids;
    }

    private static List<Digest> listed(CommittingPage page) {
        return page.entries().stream().map(entry -> entry.work().id()).toList();
    }

    private void plant(byte[] key, String value) {
        plant(key, value.getBytes(StandardCharsets.UTF_8));
    }

    private void plant(byte[] key, byte[] value) {
        kv.run(tx -> {
            tx.set(key, value);
            return null;
        });
    }

    private void erase(byte[] key) {
        kv.run(tx -> {
            tx.clear(key);
            return null;
        });
    }

    /** Truncates the stored work record of {@code work}, so that it cannot be decoded. */
    private void truncateRecord(Digest work) {
        String json = new String(RecordCodec.WORK.encode(store.work(work)), StandardCharsets.UTF_8);
        plant(keys.work(work), json.substring(0, json.length() - 9));
    }

    private List<String> everything() {
        return dump(kv, keys.all());
    }

    /** Asserts that {@code call} fails with {@code type} and the store is byte for byte as before. */
    private <E extends FrontierException> void refusedUnchanged(Class<E> type, String message, ThrowingCallable call) {
        List<String> before = everything();
        assertThatThrownBy(call).isInstanceOf(type).hasMessageContaining(message);
        assertThat(everything()).isEqualTo(before);
    }

    private Map<WorkState, Long> recount() {
        Map<WorkState, Long> counts = new EnumMap<>(WorkState.class);
        kv.read(tx -> {
            for (var pair : tx.getRange(keys.works().begin(), keys.works().end(), 0, false)) {
                WorkRecord record = RecordCodec.WORK.decode(pair.key(), pair.value());
                counts.merge(record.state(), 1L, Long::sum);
            }
            return null;
        });
        return counts;
    }

    private void assertCountersMatchRecount() {
        Counts counts = store.counts();
        Map<WorkState, Long> recount = recount();
        for (WorkState state : WorkState.values()) {
            assertThat(counts.get(Counter.of(state))).as(state.wireName()).isEqualTo(recount.getOrDefault(state, 0L));
        }
    }

    // ---- campaign and epoch ----------------------------------------------------------------

    @Test
    void initIsIdempotentForTheSameConfiguration() {
        assertThat(store.init(CONFIG, "job-2", T0 + 1).epoch()).isEqualTo(1);
        assertThat(store.epoch().job()).isEqualTo("job-1");
        assertThat(store.config()).isEqualTo(CONFIG);
    }

    @Test
    void initRefusesAnotherConfiguration() {
        refusedUnchanged(CampaignSetupException.class, "campaign exists with another configuration",
                () -> store.init(CampaignConfig.of("conformance", 32, 3), "job-1", T0));
    }

    @Test
    void initRecordsTheCampaignIdentityWithTheConfigurationAndIsIdempotentForTheSameId() {
        // The fixture's campaign was created without an identity: start again from nothing.
        kv.run(tx -> {
            tx.clearRange(keys.all().begin(), keys.all().end());
            return null;
        });
        CampaignIdentity identity = CampaignIdentity.of(CampaignIdentity.newId(), 42L);
        assertThat(store.exists()).isFalse();

        store.init(CONFIG, identity, "job-1", T0);

        assertThat(store.exists()).isTrue();
        assertThat(store.identity()).isEqualTo(identity);
        assertThat(store.init(CONFIG, CampaignIdentity.of(identity.id(), 7L), "job-2", T0 + 1).job())
                .as("the home is the first caller's").isEqualTo("job-1");
        assertThat(store.identity()).isEqualTo(identity);
        assertThatThrownBy(() -> store.init(CONFIG, CampaignIdentity.of(CampaignIdentity.newId(), 42L), "job-3", T0))
                .isInstanceOf(CampaignSetupException.class).hasMessageContaining("another configuration or identity");
        assertThat(store.identity()).isEqualTo(identity);
    }

    @Test
    void replaceIdentityTakesTheNewIdOnlyFromTheExpectedOneAndRepeatsHarmlessly() {
        assertThat(store.identity()).as("a campaign created without an identity, as by an older Frontier").isNull();
        CampaignIdentity first = CampaignIdentity.of(CampaignIdentity.newId(), null);
        CampaignIdentity second = CampaignIdentity.of(CampaignIdentity.newId(), 9L);
        assertThatThrownBy(() -> store.init(CONFIG, first, "job-2", T0)).isInstanceOf(CampaignSetupException.class)
                .as("init does not give an older campaign an identity").hasMessageContaining("identity");

        store.replaceIdentity(null, first);
        store.replaceIdentity(null, first);

        assertThat(store.identity()).isEqualTo(first);
        assertThatThrownBy(() -> store.replaceIdentity(second.id(), second)).isInstanceOf(CampaignSetupException.class)
                .hasMessageContaining("identity changed meanwhile");
        store.replaceIdentity(first.id(), second);
        assertThat(store.identity()).isEqualTo(second);
        CampaignStore absent = new CampaignStore(kv, TestKeyspace.campaign("never-" + UUID.randomUUID()));
        assertThatThrownBy(() -> absent.replaceIdentity(null, first)).isInstanceOf(CampaignSetupException.class)
                .hasMessageContaining("campaign is not in the store");
    }

    @Test
    void operationsOnAnUninitialisedCampaignFail() {
        CampaignStore empty = new CampaignStore(kv, TestKeyspace.campaign("never-" + UUID.randomUUID()));
        assertThatThrownBy(() -> empty.admitSeed(1, payload("a"))).isInstanceOf(CampaignSetupException.class)
                .hasMessageContaining("campaign is not initialised");
        assertThatThrownBy(empty::epoch).isInstanceOf(CampaignSetupException.class);
    }

    @Test
    void bumpEpochIsIdempotentForItsJobAndRefusesAnotherJob() {
        assertThat(store.bumpEpoch(1, "job-2", T0).epoch()).isEqualTo(2);
        assertThat(store.bumpEpoch(1, "job-2", T0 + 5).epoch()).isEqualTo(2);
        refusedUnchanged(CampaignSetupException.class, "epoch was moved by another job",
                () -> store.bumpEpoch(1, "job-3", T0));
        assertThat(store.bumpEpoch(2, "job-3", T0).epoch()).isEqualTo(3);
    }

    @Test
    void everyMutatingOperationRefusesAStaleEpoch() {
        Lease lease = leasedSeed("a");
        ResultId result = ResultId.random();
        store.beginCommit(epoch, request(lease, result, "c"), T0);
        Lease other = leasedSeed("b");
        store.bumpEpoch(epoch, "job-2", T0);
        long old = epoch;
        List<ThrowingCallable> calls = List.of(
                () -> store.admitSeed(old, payload("z")),
                () -> store.claim(old, ALICE, Set.of(), 5, T0, TTL),
                () -> store.renew(old, List.of(other), T0, TTL),
                () -> store.release(old, List.of(other), T0),
                () -> store.requeue(old, other, ResultId.random(), T0, TTL),
                () -> store.recoverExpired(old, ALICE, 5, T0 + 1e6),
                () -> store.beginCommit(old, request(other, ResultId.random()), T0),
                () -> store.markPromoted(old, new Promotion(lease.work(), result, 0)),
                () -> store.complete(old, lease.work(), result, T0),
                () -> store.abandon(old, lease.work(), result, "stage lost", T0),
                () -> store.countInvalidResult(old, other.work(), ResultId.random(), T0),
                () -> store.checkQuiescence(old, T0));
        for (ThrowingCallable call : calls) {
            refusedUnchanged(StaleEpochException.class, "caller's epoch is not the campaign's current epoch", call);
        }
    }

    // ---- heartbeat -------------------------------------------------------------------------

    @Test
    void heartbeatIsAbsentUntilTheFirstBeatThenTheLatestBeat() {
        assertThat(store.heartbeat()).isNull();
        JobHeartbeat first = JobHeartbeat.running(epoch, "job-1", "node-7", 4242, 2, 5000, T0);
        store.beat(epoch, first);
        assertThat(store.heartbeat()).isEqualTo(first);
        store.beat(epoch, first.beatAt(T0 + 5));
        store.beat(epoch, first.endedAt(T0 + 6));
        assertThat(store.heartbeat()).isEqualTo(first.endedAt(T0 + 6));
    }

    @Test
    void aFencedJobCannotBeatAnyMore() {
        JobHeartbeat old = JobHeartbeat.running(epoch, "job-1", "node-7", 4242, 2, 5000, T0);
        store.beat(epoch, old);
        store.bumpEpoch(epoch, "job-2", T0 + 1);
        refusedUnchanged(StaleEpochException.class, "caller's epoch is not the campaign's current epoch",
                () -> store.beat(epoch, old.beatAt(T0 + 2)));
        JobHeartbeat next = JobHeartbeat.running(epoch + 1, "job-2", "node-8", 99, 4, 1000, T0 + 3);
        store.beat(epoch + 1, next);
        assertThat(store.heartbeat()).isEqualTo(next);
    }

    @Test
    void aBeatMustBeOfTheCallersEpochAndOfTheJobThatRunsIt() {
        refusedUnchanged(InvalidInputException.class, "heartbeat is not of the caller's epoch",
                () -> store.beat(epoch, JobHeartbeat.running(epoch + 1, "job-1", "node-7", 1, 1, 5000, T0)));
        refusedUnchanged(InvalidInputException.class, "heartbeat names another job than the one that runs the epoch",
                () -> store.beat(epoch, JobHeartbeat.running(epoch, "job-9", "node-7", 1, 1, 5000, T0)));
    }

    // ---- admission -------------------------------------------------------------------------

    @Test
    void admitSeedIsIdempotent() {
        Admission first = store.admitSeed(epoch, payload("a"));
        List<String> after = everything();
        Admission again = store.admitSeed(epoch, payload("a"));
        assertThat(first.created()).isTrue();
        assertThat(again.created()).isFalse();
        assertThat(again.record()).isEqualTo(first.record());
        assertThat(everything()).isEqualTo(after);
        assertThat(store.counts().get(Counter.PENDING)).isEqualTo(1);
    }

    @Test
    void admitRefusesAnotherPayloadForAKnownId() {
        admitted("a");
        refusedUnchanged(InvalidInputException.class, "payload differs from the stored one",
                () -> store.admitSeed(epoch, new io.frontier.store.record.WorkPayload(id("a"), 999)));
    }

    // ---- claim -----------------------------------------------------------------------------

    @Test
    void claimGrantsEachPendingItemOnceUnderItsOwnNewToken() {
        for (int i = 0; i < 10; i++) {
            admitted("seed-" + i);
        }
        ClaimResult first = store.claim(epoch, ALICE, Set.of(), 6, T0, TTL);
        ClaimResult second = store.claim(epoch, BOB, Set.of(), 6, T0, TTL);
        assertThat(first.granted()).hasSize(6);
        assertThat(second.granted()).hasSize(4);
        Set<Digest> ids = new HashSet<>();
        Set<Token> tokens = new HashSet<>();
        for (WorkRecord record : concat(first.granted(), second.granted())) {
            assertThat(ids.add(record.id())).isTrue();
            assertThat(tokens.add(record.token())).isTrue();
            assertThat(record.state()).isEqualTo(WorkState.LEASED);
            assertThat(record.leaseExpiry()).isEqualTo(T0 + TTL);
            assertThat(record.attempts()).isEqualTo(1);
            assertThat(store.work(record.id())).isEqualTo(record);
        }
        assertThat(store.claim(epoch, ALICE, Set.of(), 6, T0, TTL).granted()).isEmpty();
        assertThat(store.counts().get(Counter.LEASED)).isEqualTo(10);
        assertThat(store.counts().get(Counter.PENDING)).isZero();
    }

    private static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    @Test
    void claimPrefersItsOwnBucketsAndStealsWhenTheyAreEmpty() {
        List<Digest> ids = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            ids.add(admitted("seed-" + i).id());
        }
        int bucket = Buckets.of(ids.get(0), CONFIG.buckets());
        long inBucket = ids.stream().filter(id -> Buckets.of(id, CONFIG.buckets()) == bucket).count();
        ClaimResult own = store.claim(epoch, ALICE, Set.of(bucket), (int) inBucket, T0, TTL);
        assertThat(own.granted()).extracting(r -> Buckets.of(r.id(), CONFIG.buckets())).containsOnly(bucket);
        ClaimResult stolen = store.claim(epoch, ALICE, Set.of(bucket), 3, T0, TTL);
        assertThat(stolen.granted()).hasSize(3)
                .extracting(r -> Buckets.of(r.id(), CONFIG.buckets())).doesNotContain(bucket);
    }

    @Test
    void claimSkipsAndReportsACorruptRecordWithoutChangingIt() {
        Digest id = admitted("a").id();
        plant(keys.work(id), "{\"schema\":1,\"id\":");
        List<String> before = everything();
        ClaimResult result = store.claim(epoch, ALICE, Set.of(), 5, T0, TTL);
        assertThat(result.granted()).isEmpty();
        assertThat(result.blocked()).hasSize(1);
        assertThat(result.blocked().get(0).problem()).isInstanceOf(CorruptRecordException.class);
        assertThat(everything()).isEqualTo(before);
    }

    @Test
    void claimRefusesBadSizesAndTimes() {
        admitted("a");
        refusedUnchanged(InvalidInputException.class, "claim size out of range",
                () -> store.claim(epoch, ALICE, Set.of(), CampaignStore.MAX_CLAIM + 1, T0, TTL));
        refusedUnchanged(InvalidInputException.class, "claim size out of range",
                () -> store.claim(epoch, ALICE, Set.of(), 0, T0, TTL));
        for (double bad : new double[] {Double.NaN, Double.POSITIVE_INFINITY, -1}) {
            refusedUnchanged(InvalidInputException.class, "time is NaN, infinite or negative",
                    () -> store.claim(epoch, ALICE, Set.of(), 1, bad, TTL));
            refusedUnchanged(InvalidInputException.class, "duration is NaN, infinite, zero or negative",
                    () -> store.claim(epoch, ALICE, Set.of(), 1, T0, bad));
        }
    }

    // ---- renew -----------------------------------------------------------------------------

    @Test
    void renewExtendsOnlyLeasesHeldUnderTheExactToken() {
        Lease held = leasedSeed("a");
        Lease other = new Lease(held.work(), Token.random());
        List<ItemResult<WorkRecord>> results = store.renew(epoch, List.of(held, other), T0 + 10, TTL);
        assertThat(results.get(0).orThrow().leaseExpiry()).isEqualTo(T0 + 10 + TTL);
        assertThat(results.get(1).failure()).isInstanceOf(StaleTokenException.class)
                .hasMessageContaining("presented token is not the one the store holds")
                .hasMessageContaining("expectedToken=" + held.token())
                .hasMessageContaining("presentedToken=" + other.token());
        assertThat(store.work(held.work()).leaseExpiry()).isEqualTo(T0 + 10 + TTL);
    }

    @Test
    void renewWithAnotherHoldersTokenChangesNothing() {
        Lease held = leasedSeed("a");
        List<String> before = everything();
        ItemResult<WorkRecord> result = store.renew(epoch, List.of(new Lease(held.work(), Token.random())), T0 + 5, TTL)
                .get(0);
        assertThat(result.failure()).isInstanceOf(StaleTokenException.class);
        assertThat(everything()).isEqualTo(before);
    }

    @Test
    void renewNeverShortensALease() {
        Lease held = leasedSeed("a");
        assertThat(store.renew(epoch, List.of(held), T0 - 20, TTL).get(0).orThrow().leaseExpiry()).isEqualTo(T0 + TTL);
    }

    @Test
    void renewRefusesBadTimesAndTtls() {
        Lease held = leasedSeed("a");
        for (double bad : new double[] {Double.NaN, Double.NEGATIVE_INFINITY, -5}) {
            refusedUnchanged(InvalidInputException.class, "NaN, infinite", () -> store.renew(epoch, List.of(held), bad, TTL));
            refusedUnchanged(InvalidInputException.class, "NaN, infinite", () -> store.renew(epoch, List.of(held), T0, bad));
        }
        refusedUnchanged(InvalidInputException.class, "duration is NaN, infinite, zero or negative",
                () -> store.renew(epoch, List.of(held), T0, 0));
    }

    @Test
    void emptyTokenIsRefusedBeforeTheStoreIsRead() {
        Lease held = leasedSeed("a");
        List<String> before = everything();
        assertThatThrownBy(() -> store.renew(epoch, List.of(new Lease(held.work(), Token.of(""))), T0, TTL))
                .isInstanceOf(InvalidInputException.class).hasMessage("token is empty");
        assertThat(everything()).isEqualTo(before);
    }

    // ---- release ---------------------------------------------------------------------------

    @Test
    void releaseHandsALeaseBackUnusedWithItsAttemptAndCounters() {
        Lease held = leasedSeed("a");
        WorkRecord leased = store.work(held.work());
        List<ItemResult<WorkRecord>> results = store.release(epoch, List.of(held), T0 + 5);
        WorkRecord released = results.get(0).orThrow();
        assertThat(released).isEqualTo(store.work(held.work()));
        assertThat(released.state()).isEqualTo(WorkState.PENDING);
        assertThat(released.token()).isNull();
        assertThat(released.owner()).isNull();
        assertThat(released.leaseExpiry()).isNull();
        assertThat(released.attempts()).as("the unused grant is not an attempt").isEqualTo(leased.attempts() - 1);
        assertThat(dump(kv, keys.ready())).hasSize(1);
        assertThat(dump(kv, keys.leased())).isEmpty();
        assertThat(store.counts().get(Counter.PENDING)).isEqualTo(1);
        assertThat(store.counts().get(Counter.LEASED)).isZero();
        assertCountersMatchRecount();
    }

    @Test
    void aReleasedTokenIsDeadAndTheNextClaimGrantsANewOne() {
        Lease held = leasedSeed("a");
        store.release(epoch, List.of(held), T0);
        assertThat(store.renew(epoch, List.of(held), T0, TTL).get(0).failure()).isInstanceOf(StaleTokenException.class);
        refusedUnchanged(StaleTokenException.class, "presented token is not the one the store holds",
                () -> store.beginCommit(epoch, request(held, ResultId.random()), T0));
        Lease again = claimOne(BOB, T0 + 1);
        assertThat(again.token()).isNotEqualTo(held.token());
        assertThat(store.work(again.work()).attempts()).isEqualTo(1);
    }

    @Test
    void releaseRefusesEachLeaseNotHeldOnItsOwnAndChangesNothingForIt() {
        Lease held = leasedSeed("a");
        Lease intruder = new Lease(leasedSeed("b").work(), Token.random());
        Lease committing = leasedSeed("c");
        store.beginCommit(epoch, request(committing, ResultId.random(), "c1"), T0);
        WorkRecord intruded = store.work(intruder.work());
        WorkRecord committed = store.work(committing.work());
        List<ItemResult<WorkRecord>> results = store.release(epoch, List.of(intruder, held, committing), T0);
        assertThat(results.get(0).failure()).isInstanceOf(StaleTokenException.class)
                .hasMessageContaining("presented token is not the one the store holds");
        assertThat(results.get(1).orThrow().state()).isEqualTo(WorkState.PENDING);
        assertThat(results.get(2).failure()).isInstanceOf(WrongStateException.class)
                .hasMessageContaining("work is not leased");
        assertThat(store.work(intruder.work())).isEqualTo(intruded);
        assertThat(store.work(committing.work())).isEqualTo(committed);
        assertCountersMatchRecount();
    }

    @Test
    void releaseRefusesALeaseOfAnOlderEpoch() {
        Lease held = leasedSeed("a");
        epoch = store.bumpEpoch(epoch, "job-2", T0).epoch();
        List<String> before = everything();
        assertThat(store.release(epoch, List.of(held), T0).get(0).failure()).isInstanceOf(StaleEpochException.class)
                .hasMessageContaining("lease was granted under an older epoch");
        assertThat(everything()).isEqualTo(before);
    }

    @Test
    void releasingAnItemThatIsPendingAgainReportsItUnchanged() {
        Lease held = leasedSeed("a");
        WorkRecord first = store.release(epoch, List.of(held), T0).get(0).orThrow();
        List<String> after = everything();
        assertThat(store.release(epoch, List.of(held), T0 + 1).get(0).orThrow()).isEqualTo(first);
        assertThat(store.release(epoch, List.of(held, held), T0 + 2)).extracting(ItemResult::orThrow)
                .containsExactly(first, first);
        assertThat(everything()).isEqualTo(after);
        assertThat(first.attempts()).isZero();
    }

    @Test
    void releaseRefusesBadTimesAndBatches() {
        Lease held = leasedSeed("a");
        for (double bad : new double[] {Double.NaN, Double.POSITIVE_INFINITY, -1}) {
            refusedUnchanged(InvalidInputException.class, "NaN, infinite", () -> store.release(epoch, List.of(held), bad));
        }
        refusedUnchanged(InvalidInputException.class, "batch is empty", () -> store.release(epoch, List.of(), T0));
    }

    // ---- recovery --------------------------------------------------------------------------

    @Test
    void recoveryReleasesOnlyExpiredLeasesAndTheOldTokenDiesWithIt() {
        Lease held = leasedSeed("a");
        assertThat(store.recoverExpired(epoch, BOB, 10, T0 + TTL - 1).recovered()).isEmpty();
        RecoveryResult recovered = store.recoverExpired(epoch, BOB, 10, T0 + TTL);
        assertThat(recovered.recovered()).containsExactly(new Recovered(held.work(), payload("a")));
        assertThat(store.work(held.work()).state()).isEqualTo(WorkState.PENDING);
        Lease again = claimOne(BOB, T0 + TTL);
        assertThat(again.token()).isNotEqualTo(held.token());
        assertThat(store.work(held.work()).attempts()).isEqualTo(2);
        assertThat(store.renew(epoch, List.of(held), T0 + TTL, TTL).get(0).failure())
                .isInstanceOf(StaleTokenException.class);
        assertThatThrownBy(() -> store.beginCommit(epoch, request(held, ResultId.random()), T0 + TTL))
                .isInstanceOf(StaleTokenException.class);
    }

    @Test
    void recoveryDoesNotAlwaysTakeTheFirstRecoverableKey() {
        for (int i = 0; i < 32; i++) {
            admitted("r" + i);
            claimOne(ALICE, T0);
        }
        // Each round recovers one lease and leases the same item again with the same expiry, so
        // every round starts from the same 32 recoverable keys. Taken in key order, every round
        // would recover the same item; picked among several, 40 rounds all alike would take a
        // chance below 1e-20.
        Set<Digest> recoveredItems = new HashSet<>();
        for (int round = 0; round < 40; round++) {
            RecoveryResult result = store.recoverExpired(epoch, BOB, 1, T0 + TTL);
            assertThat(result.recovered()).hasSize(1);
            recoveredItems.add(result.recovered().get(0).id());
            claimOne(ALICE, T0);
        }
        assertThat(recoveredItems).hasSizeGreaterThan(1);
    }

    @Test
    void leasesOfAnOlderEpochAreRecoverableAtOnce() {
        Lease held = leasedSeed("a");
        epoch = store.bumpEpoch(epoch, "job-2", T0).epoch();
        RecoveryResult recovered = store.recoverExpired(epoch, BOB, 10, T0 + 1);
        assertThat(recovered.recovered()).extracting(Recovered::id).containsExactly(held.work());
        assertThat(store.work(held.work()).epoch()).isEqualTo(epoch);
    }

    @Test
    void leaseOfAnOlderEpochCannotCommitEvenWithItsToken() {
        Lease held = leasedSeed("a");
        epoch = store.bumpEpoch(epoch, "job-2", T0).epoch();
        refusedUnchanged(StaleEpochException.class, "lease was granted under an older epoch",
                () -> store.beginCommit(epoch, request(held, ResultId.random()), T0));
    }

    @Test
    void recoveryRefusesARecordWhoseIdDiffersFromItsKey() {
        Lease held = leasedSeed("a");
        WorkRecord stored = store.work(held.work());
        WorkRecord impostor = WorkRecord.seed(payload("b"), epoch)
                .leased(stored.token(), stored.owner(), epoch, stored.leaseExpiry());
        kv.run(tx -> {
            tx.set(keys.work(held.work()), RecordCodec.WORK.encode(impostor));
            return null;
        });
        List<String> before = everything();
        RecoveryResult result = store.recoverExpired(epoch, BOB, 10, T0 + TTL + 1);
        assertThat(result.recovered()).isEmpty();
        assertThat(result.blocked()).singleElement().satisfies(b -> assertThat(b.problem())
                .isInstanceOf(CorruptRecordException.class).hasMessageContaining("differs from the hash in its key"));
        assertThat(everything()).isEqualTo(before);
    }

    @Test
    void recoveryRefusesARecordWhosePayloadHashDiffersFromItsId() {
        Lease held = leasedSeed("a");
        String json = new String(RecordCodec.WORK.encode(store.work(held.work())), StandardCharsets.UTF_8)
                .replace("{\"hash\":\"" + held.work(), "{\"hash\":\"" + id("b"));
        plant(keys.work(held.work()), json);
        List<String> before = everything();
        RecoveryResult result = store.recoverExpired(epoch, BOB, 10, T0 + TTL + 1);
        assertThat(result.recovered()).isEmpty();
        assertThat(result.blocked()).singleElement().satisfies(b -> assertThat(b.problem())
                .isInstanceOf(CorruptRecordException.class).hasMessageContaining("payload hash differs from work id"));
        assertThat(everything()).isEqualTo(before);
    }

    @Test
    void recoveryRefusesNanInfinityAndNegativeTimes() {
        leasedSeed("a");
        for (double bad : new double[] {Double.NaN, Double.POSITIVE_INFINITY, -0.5}) {
            refusedUnchanged(InvalidInputException.class, "time is NaN, infinite or negative",
                    () -> store.recoverExpired(epoch, BOB, 10, bad));
        }
    }

    // ---- commit decision -------------------------------------------------------------------

    @Test
    void beginCommitWritesTheManifestEntryAndCommittingStateTogether() {
        Lease lease = leasedSeed("a");
        ResultId result = ResultId.random();
        CommitTicket ticket = store.beginCommit(epoch, request(lease, result, "c1", "c2"), T0 + 1);
        assertThat(ticket.repeated()).isFalse();
        assertThat(ticket.entry().token()).isEqualTo(lease.token());
        WorkRecord record = store.work(lease.work());
        assertThat(record.state()).isEqualTo(WorkState.COMMITTING);
        assertThat(record.result()).isEqualTo(result);
        assertThat(record.token()).isEqualTo(lease.token());
        List<CommittingEntry> committing = store.listCommitting(10);
        assertThat(committing).singleElement().satisfies(e -> {
            assertThat(e.entry()).isEqualTo(ticket.entry());
            assertThat(e.entry().execution()).as("what the execution did is recorded").isEqualTo(EXECUTION);
            assertThat(e.children()).containsExactly(child("c1"), child("c2"));
            assertThat(e.work()).isEqualTo(record);
        });
        assertThat(store.counts().get(Counter.COMMITTING)).isEqualTo(1);
        assertThat(store.counts().get(Counter.LEASED)).isZero();
    }

    @Test
    void commitsDecidedInOneTransactionKeepTheirOwnEntries() {
        Lease a = leasedSeed("a");
        Lease b = leasedSeed("b");
        Lease stale = new Lease(leasedSeed("c").work(), Token.random());
        ResultId ra = ResultId.random();
        ResultId rb = ResultId.random();
        List<ItemResult<CommitTicket>> tickets = store.beginCommits(epoch,
                List.of(request(a, ra, "a1"), request(stale, ResultId.random(), "x"), request(b, rb, "b1", "b2")), T0);
        assertThat(tickets.get(1).failure()).isInstanceOf(StaleTokenException.class);
        assertThat(store.listCommitting(10)).hasSize(2).allSatisfy(e -> {
            List<Child> expected = e.work().id().equals(a.work()) ? List.of(child("a1")) : List.of(child("b1"), child("b2"));
            assertThat(e.children()).isEqualTo(expected);
            assertThat(e.entry().work()).isEqualTo(e.work().id());
        });
        assertThat(dump(kv, keys.manifest())).hasSize(4);
        assertThat(store.work(stale.work()).state()).isEqualTo(WorkState.LEASED);
        assertThatThrownBy(() -> store.beginCommits(epoch, List.of(request(a, ra), request(b, ra)), T0))
                .isInstanceOf(InvalidInputException.class).hasMessage("commit batch names one result twice");
    }

    @Test
    void beginCommitIsIdempotentForTheSameTokenAndResult() {
        Lease lease = leasedSeed("a");
        ResultId result = ResultId.random();
        CommitTicket first = store.beginCommit(epoch, request(lease, result, "c1"), T0 + 1);
        List<String> after = everything();
        CommitTicket again = store.beginCommit(epoch, request(lease, result, "c1"), T0 + 2);
        assertThat(again.repeated()).isTrue();
        assertThat(again.entry()).isEqualTo(first.entry());
        assertThat(everything()).isEqualTo(after);
    }

    @Test
    void beginCommitRejectsTokenOfAnotherHolder() {
        Lease lease = leasedSeed("a");
        Lease intruder = new Lease(lease.work(), Token.random());
        refusedUnchanged(StaleTokenException.class, "presented token is not the one the store holds",
                () -> store.beginCommit(epoch, request(intruder, ResultId.random()), T0));
        ResultId result = ResultId.random();
        store.beginCommit(epoch, request(lease, result), T0);
        refusedUnchanged(StaleTokenException.class, "work is committed under another token",
                () -> store.beginCommit(epoch, request(intruder, result), T0));
    }

    @Test
    void beginCommitRejectsASecondResultFromTheSameHolder() {
        Lease lease = leasedSeed("a");
        store.beginCommit(epoch, request(lease, ResultId.random(), "c1"), T0);
        refusedUnchanged(WrongStateException.class, "already committing another result",
                () -> store.beginCommit(epoch, request(lease, ResultId.random(), "c2"), T0));
    }

    @Test
    void beginCommitRefusesAResultIdAlreadyUsed() {
        Lease a = leasedSeed("a");
        Lease b = leasedSeed("b");
        ResultId result = ResultId.random();
        store.beginCommit(epoch, request(a, result), T0);
        refusedUnchanged(InvalidInputException.class, "result id is already recorded",
                () -> store.beginCommit(epoch, request(b, result), T0));
    }

    @Test
    void committingNeverExpiresAndIsNeverClaimed() {
        Lease lease = leasedSeed("a");
        store.beginCommit(epoch, request(lease, ResultId.random(), "c1"), T0);
        admitted("other");
        List<String> before = everything();
        assertThat(store.recoverExpired(epoch, BOB, 50, T0 + 1e9).recovered()).isEmpty();
        assertThat(everything()).isEqualTo(before);
        assertThat(store.claim(epoch, BOB, Set.of(), 50, T0 + 1e9, TTL).granted())
                .extracting(WorkRecord::id).containsExactly(id("other"));
        assertThat(store.work(lease.work()).state()).isEqualTo(WorkState.COMMITTING);
    }

    @Test
    void largeChildListsAreChunkedAndReadBackInOrder() {
        Lease lease = leasedSeed("a");
        String[] names = new String[600];
        for (int i = 0; i < names.length; i++) {
            names[i] = "child-" + i;
        }
        store.beginCommit(epoch, request(lease, ResultId.random(), names), T0);
        CommittingEntry entry = store.listCommitting(1).get(0);
        assertThat(entry.entry().chunks()).isEqualTo(3);
        assertThat(entry.children()).hasSize(600);
        assertThat(entry.children().get(599)).isEqualTo(child("child-599"));
        assertThat(dump(kv, keys.manifest())).hasSize(4);
    }

    @Test
    void aResultWithMoreChildrenThanOneTransactionTakesIsCommittedWholeAndReadBackInOrder() {
        Lease lease = leasedSeed("wide");
        String[] names = new String[2 * CampaignStore.MAX_CHILDREN_PER_TRANSACTION + 300];
        for (int i = 0; i < names.length; i++) {
            names[i] = "wide-child-" + i;
        }
        ResultId result = ResultId.random();

        CommitTicket ticket = store.beginCommit(epoch, request(lease, result, names), T0);

        assertThat(ticket.entry().chunksByResult()).isTrue();
        assertThat(ticket.children()).hasSize(names.length);
        CommittingEntry committing = store.listCommitting(1).get(0);
        assertThat(committing.children()).hasSize(names.length);
        assertThat(committing.children().get(names.length - 1)).isEqualTo(child(names[names.length - 1]));
        ManifestRecord listed = new ManifestView(kv, keys).list(null, 10).records().get(0);
        assertThat(listed.children()).isEqualTo(committing.children());
        assertThat(new ManifestView(kv, keys).entry(result).orElseThrow().children()).isEqualTo(committing.children());
        assertThat(dump(kv, keys.manifest())).as("the head alone under its versionstamp").hasSize(1);
        assertThat(dump(kv, keys.childChunks(result))).hasSize(ManifestEntry.chunksFor(names.length));
        assertThat(dump(kv, keys.draftsBefore(epoch + 1))).as("the draft mark went with the decision").isEmpty();
        assertThat(store.beginCommit(epoch, request(lease, result, names), T0).repeated()).isTrue();

        promoteAll(lease.work(), result, names.length);
        Completion done = store.complete(epoch, lease.work(), result, T0 + 1);

        assertThat(done.enqueued()).hasSize(names.length).doesNotHaveDuplicates();
        assertThat(store.counts().get(Counter.PENDING)).isEqualTo(names.length);
        assertThat(dump(kv, keys.completionParts(result))).as("the parts' records end with the entry").isEmpty();
        assertThat(store.complete(epoch, lease.work(), result, T0 + 2).repeated()).isTrue();
    }

    @Test
    void aRefusedResultWithMoreChildrenThanOneTransactionTakesLeavesNothingBehind() {
        Lease lease = leasedSeed("wide");
        String[] names = new String[CampaignStore.MAX_CHILDREN_PER_TRANSACTION + 1];
        for (int i = 0; i < names.length; i++) {
            names[i] = "refused-child-" + i;
        }
        Lease stale = new Lease(lease.work(), Token.random());

        refusedUnchanged(StaleTokenException.class, "", () -> store.beginCommit(epoch, request(stale, ResultId.random(),
                names), T0));
    }

    @Test
    void chunksWrittenAheadOfADecisionThatWasNeverTakenGoWithTheNextEpochAndAnEntrysChunksStay() {
        Lease taken = leasedSeed("taken");
        String[] names = new String[CampaignStore.MAX_CHILDREN_PER_TRANSACTION + 10];
        for (int i = 0; i < names.length; i++) {
            names[i] = "kept-" + i;
        }
        ResultId kept = ResultId.random();
        store.beginCommit(epoch, request(taken, kept, names), T0);
        ResultId crashed = ResultId.random();
        kv.run(tx -> {
            // What a coordinator that died between writing its chunks and its decision left.
            tx.set(keys.draft(epoch, crashed), new byte[0]);
            tx.set(keys.childChunk(crashed, 0), new byte[] {'{', '}'});
            tx.set(keys.childChunk(crashed, 1), new byte[] {'{', '}'});
            return null;
        });

        assertThat(store.sweepDrafts(epoch)).as("a draft of the current epoch may still be decided").isZero();
        long next = store.bumpEpoch(epoch, "job-2", T0 + 1).epoch();
        assertThat(store.sweepDrafts(next)).isEqualTo(1);

        assertThat(dump(kv, keys.childChunks(crashed))).isEmpty();
        assertThat(dump(kv, keys.draftsBefore(next + 1))).isEmpty();
        assertThat(dump(kv, keys.childChunks(kept))).hasSize(ManifestEntry.chunksFor(names.length));
        assertThat(store.listCommitting(1).get(0).children()).hasSize(names.length);
    }

    @Test
    void aCompletionInPartsCutAfterItsFirstPartIsFinishedByTheNextCallEnqueuingEachChildOnce() {
        Lease lease = leasedSeed("parted");
        String[] names = new String[2 * CampaignStore.MAX_CHILDREN_PER_TRANSACTION + 5];
        for (int i = 0; i < names.length; i++) {
            names[i] = "parted-child-" + i;
        }
        ResultId result = ResultId.random();
        store.beginCommit(epoch, request(lease, result, names), T0);
        promoteAll(lease.work(), result, names.length);
        Commitment commitment = new Commitment(lease.work(), result);
        kv.run(tx -> {
            // The first part, as a completion that died after it committed wrote it.
            Committing committing = new Committing(keys, CONFIG, io.frontier.store.exploration.ExplorationPolicy.BEFORE_TIERS,
                    List.of());
            Committing.PartedEntry entry = committing.partedEntry(tx, commitment);
            ReadAhead ahead = new ReadAhead(tx);
            WorkTable table = new WorkTable(ahead, keys, CONFIG.buckets());
            committing.completePart(ahead, table, commitment, entry, 0, epoch);
            table.flush();
            return null;
        });
        assertThat(store.work(lease.work()).state()).as("still committing").isEqualTo(WorkState.COMMITTING);
        assertThat(store.counts().get(Counter.PENDING)).isEqualTo(CampaignStore.MAX_CHILDREN_PER_TRANSACTION);

        Completion done = store.complete(epoch, lease.work(), result, T0 + 1);

        assertThat(done.enqueued()).as("the first part's children too, each once").hasSize(names.length)
                .doesNotHaveDuplicates();
        assertThat(store.counts().get(Counter.PENDING)).isEqualTo(names.length);
        assertThat(store.work(lease.work()).state()).isEqualTo(WorkState.DONE);
        assertThat(dump(kv, keys.completionParts(result))).isEmpty();
    }

    @Test
    void commitRequestRejectsDuplicateAndTooManyChildren() {
        Lease lease = leasedSeed("a");
        assertThatThrownBy(() -> request(lease, ResultId.random(), "c", "c"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("declares a child twice");
        String[] many = new String[ManifestEntry.MAX_CHILDREN + 1];
        for (int i = 0; i < many.length; i++) {
            many[i] = "m" + i;
        }
        assertThatThrownBy(() -> request(lease, ResultId.random(), many))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("more children");
    }

    @Test
    void beginCommitRefusesBadTimes() {
        Lease lease = leasedSeed("a");
        for (double bad : new double[] {Double.NaN, Double.POSITIVE_INFINITY, -1}) {
            refusedUnchanged(InvalidInputException.class, "time is NaN, infinite or negative",
                    () -> store.beginCommit(epoch, request(lease, ResultId.random()), bad));
        }
    }

    // ---- listing committing entries --------------------------------------------------------

    @Test
    void listCommittingPagesWithAnExclusiveCursorInWorkIdOrder() {
        List<Digest> ids = committingSeeds(5);

        CommittingPage first = store.listCommitting(null, 2);
        CommittingPage second = store.listCommitting(first.next(), 2);
        CommittingPage third = store.listCommitting(second.next(), 2);

        assertThat(listed(first)).containsExactly(ids.get(0), ids.get(1));
        assertThat(first.next()).isEqualTo(ids.get(1));
        assertThat(listed(second)).containsExactly(ids.get(2), ids.get(3));
        assertThat(listed(third)).containsExactly(ids.get(4));
        assertThat(third.hasNext()).isFalse();
        assertThat(List.of(first, second, third)).allSatisfy(page -> assertThat(page.blocked()).isEmpty());
        assertThat(store.listCommitting(5)).extracting(entry -> entry.work().id()).containsExactlyElementsOf(ids);
    }

    @Test
    void listCommittingResumesAfterACursorWhoseEntryHasEnded() {
        List<Digest> ids = committingSeeds(4);
        CommittingPage first = store.listCommitting(null, 2);
        CommittingEntry ended = first.entries().get(1);
        store.abandon(epoch, ended.work().id(), ended.entry().result(), "stage lost", T0 + 1);

        CommittingPage second = store.listCommitting(first.next(), 2);

        assertThat(listed(second)).containsExactly(ids.get(2), ids.get(3));
        CommittingPage last = store.listCommitting(ids.get(3), 2);
        assertThat(last.entries()).isEmpty();
        assertThat(last.hasNext()).isFalse();
    }

    @Test
    void listCommittingRefusesANonPositiveLimit() {
        assertThatThrownBy(() -> store.listCommitting(null, 0)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("listing limit must be positive");
        assertThatThrownBy(() -> store.listCommitting(0)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("listing limit must be positive");
    }

    @Test
    void aCommittingItemWhoseRecordCannotBeReadIsBlockedAndTheOthersAreListed() {
        List<Digest> ids = committingSeeds(3);
        truncateRecord(ids.get(1));
        List<String> before = everything();

        CommittingPage page = store.listCommitting(null, 10);

        assertThat(listed(page)).containsExactly(ids.get(0), ids.get(2));
        assertThat(page.blocked()).singleElement().satisfies(blocked -> {
            assertThat(blocked.key()).isEqualTo(HexFormat.of().formatHex(keys.committing(ids.get(1))));
            assertThat(blocked.problem()).isInstanceOf(CorruptRecordException.class)
                    .hasMessageContaining("stored record cannot be decoded");
        });
        assertThat(everything()).isEqualTo(before);
        assertThatThrownBy(() -> store.listCommitting(10)).isInstanceOf(CorruptRecordException.class)
                .hasMessageContaining("stored record cannot be decoded");
    }

    @Test
    void committingEntriesWhoseIndexResultIndexOrManifestDisagreeAreBlocked() {
        List<Digest> ids = committingSeeds(4);
        plant(keys.committing(ids.get(0)), CampaignKeys.committingValue(ResultId.random()));
        erase(keys.result(store.work(ids.get(1)).result()));
        byte[] resultKey = keys.result(store.work(ids.get(2)).result());
        byte[] stamp = kv.read(tx -> tx.get(resultKey));
        plant(keys.manifest(keys.decodeVersionstampValue(resultKey, stamp), 0), "{\"schema\":1}");
        List<String> before = everything();

        CommittingPage page = store.listCommitting(null, 10);

        assertThat(listed(page)).containsExactly(ids.get(3));
        assertThat(page.blocked()).extracting(Blocked::key).containsExactly(
                HexFormat.of().formatHex(keys.committing(ids.get(0))),
                HexFormat.of().formatHex(keys.committing(ids.get(1))),
                HexFormat.of().formatHex(keys.committing(ids.get(2))));
        assertThat(page.blocked()).extracting(blocked -> blocked.problem().reason()).containsExactly(
                "committing index entry has no matching committing work record",
                "committing work record's result has no manifest entry",
                "stored record cannot be decoded");
        assertThat(everything()).isEqualTo(before);
    }

    @Test
    void aCommittingKeyThatNamesNoWorkIsBlockedAndThePageEndsPastIt() {
        List<Digest> ids = committingSeeds(3);
        // The id of the first entry plus one byte: sorts between the first and the second entry.
        List<Object> elements = new ArrayList<>(Tuple.fromBytes(keys.committing(ids.get(0))).getItems());
        elements.set(elements.size() - 1, Arrays.copyOf(ids.get(0).bytes(), Digest.BYTES + 1));
        byte[] malformed = Tuple.fromList(elements).pack();
        plant(malformed, CampaignKeys.committingValue(ResultId.random()));

        CommittingPage first = store.listCommitting(null, 2);
        CommittingPage second = store.listCommitting(first.next(), 2);

        assertThat(listed(first)).containsExactly(ids.get(0), ids.get(1));
        assertThat(first.blocked()).singleElement().satisfies(blocked -> {
            assertThat(blocked.key()).isEqualTo(HexFormat.of().formatHex(malformed));
            assertThat(blocked.problem()).isInstanceOf(CorruptRecordException.class)
                    .hasMessageContaining("work id element is not 32 bytes");
        });
        assertThat(first.next()).isEqualTo(ids.get(1));
        assertThat(listed(second)).containsExactly(ids.get(2));
        assertThat(second.blocked()).isEmpty();
        assertThat(second.hasNext()).isFalse();
    }

    // ---- promotion and completion ----------------------------------------------------------

    @Test
    void completeRefusesUntilEveryChildIsPromoted() {
        Lease lease = leasedSeed("a");
        ResultId result = ResultId.random();
        store.beginCommit(epoch, request(lease, result, "c1", "c2", "c3"), T0);
        store.markPromoted(epoch, new Promotion(lease.work(), result, 0));
        store.markPromoted(epoch, new Promotion(lease.work(), result, 2));
        refusedUnchanged(WrongStateException.class, "not every kept child of the entry is promoted",
                () -> store.complete(epoch, lease.work(), result, T0));
        assertThat(store.listCommitting(1).get(0).promoted(1)).isFalse();
        store.markPromoted(epoch, new Promotion(lease.work(), result, 1));
        assertThat(store.complete(epoch, lease.work(), result, T0).outcome().outcome()).isEqualTo(Outcome.DONE);
    }

    @Test
    void completeEnqueuesNewChildrenAndMovesCounters() {
        Lease lease = leasedSeed("a");
        admitted("known");
        ResultId result = ResultId.random();
        store.beginCommit(epoch, request(lease, result, "c1", "known", "c2"), T0);
        promoteAll(lease.work(), result, 3);
        Completion completion = store.complete(epoch, lease.work(), result, T0 + 3);
        assertThat(completion.enqueued()).containsExactly(id("c1"), id("c2"));
        assertThat(completion.outcome().enqueued()).isEqualTo(2);
        assertThat(completion.state()).isEqualTo(WorkState.DONE);
        assertThat(completion.abandonedForGood()).isFalse();
        assertThat(store.work(lease.work()).state()).isEqualTo(WorkState.DONE);
        WorkRecord child = store.work(id("c1"));
        assertThat(child.state()).isEqualTo(WorkState.PENDING);
        assertThat(child.parent()).isEqualTo(lease.work());
        assertThat(child.origin()).as("the executor that produced it").isEqualTo(EXECUTION.executor());
        assertThat(store.work(id("known")).parent()).isNull();
        assertThat(store.work(id("known")).origin()).isNull();
        Counts counts = store.counts();
        assertThat(counts.get(Counter.DONE)).isEqualTo(1);
        assertThat(counts.get(Counter.PENDING)).isEqualTo(3);
        assertThat(counts.get(Counter.COMMITTING)).isZero();
        assertThat(store.listCommitting(10)).isEmpty();
        assertCountersMatchRecount();
    }

    @Test
    void completeIsIdempotent() {
        Lease lease = leasedSeed("a");
        ResultId result = ResultId.random();
        store.beginCommit(epoch, request(lease, result, "c1"), T0);
        promoteAll(lease.work(), result, 1);
        Completion first = store.complete(epoch, lease.work(), result, T0);
        List<String> after = everything();
        Completion again = store.complete(epoch, lease.work(), result, T0 + 9);
        assertThat(again.repeated()).isTrue();
        assertThat(again.enqueued()).isEmpty();
        assertThat(again.outcome()).isEqualTo(first.outcome());
        assertThat(everything()).isEqualTo(after);
    }

    @Test
    void aChildProducedByTwoParentsIsEnqueuedOnce() {
        Lease a = leasedSeed("a");
        Lease b = leasedSeed("b");
        ResultId ra = ResultId.random();
        ResultId rb = ResultId.random();
        store.beginCommit(epoch, request(a, ra, "shared", "only-a"), T0);
        store.beginCommit(epoch, request(b, rb, "shared"), T0);
        promoteAll(a.work(), ra, 2);
        promoteAll(b.work(), rb, 1);
        List<ItemResult<Completion>> both = store.complete(epoch,
                List.of(new Commitment(b.work(), rb), new Commitment(a.work(), ra)), T0);
        assertThat(both.get(0).orThrow().enqueued()).containsExactly(id("shared"));
        assertThat(both.get(1).orThrow().enqueued()).containsExactly(id("only-a"));
        assertThat(store.work(id("shared")).parent()).isEqualTo(b.work());
        assertThat(store.counts().get(Counter.PENDING)).isEqualTo(2);
        assertCountersMatchRecount();
    }

    @Test
    void markPromotedRejectsAChildTheEntryDoesNotHaveOrAnotherResult() {
        Lease lease = leasedSeed("a");
        ResultId result = ResultId.random();
        store.beginCommit(epoch, request(lease, result, "c1"), T0);
        refusedUnchanged(InvalidInputException.class, "promotion names a child the entry does not have",
                () -> store.markPromoted(epoch, new Promotion(lease.work(), result, 1)));
        refusedUnchanged(WrongStateException.class, "work has not committed this result",
                () -> store.markPromoted(epoch, new Promotion(lease.work(), ResultId.random(), 0)));
    }

    @Test
    void completeRefusesAWorkThatIsOnlyLeased() {
        Lease lease = leasedSeed("a");
        refusedUnchanged(WrongStateException.class, "work has not committed this result",
                () -> store.complete(epoch, lease.work(), ResultId.random(), T0));
    }

    // ---- invalid results, abandonment, replay ----------------------------------------------

    @Test
    void requeueKeepsTheLeaseUnderTheSameTokenAndCountsTheRejection() {
        Lease lease = leasedSeed("a");
        ResultId rejected = ResultId.random();
        WorkRecord kept = store.requeue(epoch, lease, rejected, T0 + 5, TTL);
        assertThat(kept.state()).isEqualTo(WorkState.LEASED);
        assertThat(kept.token()).isEqualTo(lease.token());
        assertThat(kept.attempts()).isEqualTo(2);
        assertThat(kept.leaseExpiry()).isEqualTo(T0 + 5 + TTL);
        assertThat(kept.rejected()).isEqualTo(rejected);
        assertThat(store.counts().get(Counter.REJECTED)).isEqualTo(1);
        assertThat(store.counts().get(Counter.INVALID)).isEqualTo(1);
        assertThat(store.claim(epoch, BOB, Set.of(), 5, T0 + 6, TTL).granted()).isEmpty();
        assertThat(store.beginCommit(epoch, request(lease, ResultId.random()), T0 + 6).entry().token())
                .isEqualTo(lease.token());
    }

    @Test
    void requeueIsIdempotentForTheSameRejectedResult() {
        Lease lease = leasedSeed("a");
        ResultId rejected = ResultId.random();
        store.requeue(epoch, lease, rejected, T0 + 5, TTL);
        List<String> after = everything();
        store.requeue(epoch, lease, rejected, T0 + 5, TTL);
        assertThat(everything()).isEqualTo(after);
    }

    @Test
    void countInvalidResultCountsEachResultOnceForGood() {
        Lease lease = leasedSeed("a");
        WorkRecord leased = store.work(lease.work());
        ResultId first = ResultId.random();
        InvalidResultMarker marker = store.countInvalidResult(epoch, lease.work(), first, T0 + 1);
        List<String> after = everything();

        assertThat(store.countInvalidResult(epoch, lease.work(), first, T0 + 2)).isEqualTo(marker);
        assertThat(everything()).isEqualTo(after);
        store.countInvalidResult(epoch, lease.work(), ResultId.random(), T0 + 3);
        epoch = store.bumpEpoch(epoch, "job-2", T0 + 4).epoch();

        assertThat(marker).isEqualTo(InvalidResultMarker.of(first, lease.work(), 1, T0 + 1));
        assertThat(store.work(lease.work())).isEqualTo(leased);
        assertThat(store.counts().get(Counter.INVALID)).isEqualTo(2);
        assertThat(store.counts().get(Counter.REJECTED)).isZero();
        assertThat(store.checkQuiescence(epoch, T0 + 5).counts().get(Counter.INVALID)).isEqualTo(2);
    }

    @Test
    void aResultRequeuedAndCountedIsCountedOnceInEitherOrder() {
        Lease lease = leasedSeed("a");
        ResultId requeuedFirst = ResultId.random();
        store.requeue(epoch, lease, requeuedFirst, T0 + 1, TTL);
        List<String> after = everything();
        store.countInvalidResult(epoch, lease.work(), requeuedFirst, T0 + 2);
        assertThat(everything()).isEqualTo(after);

        ResultId countedFirst = ResultId.random();
        store.countInvalidResult(epoch, lease.work(), countedFirst, T0 + 3);
        store.requeue(epoch, lease, countedFirst, T0 + 4, TTL);

        assertThat(store.counts().get(Counter.INVALID)).isEqualTo(2);
        assertThat(store.counts().get(Counter.REJECTED)).isEqualTo(2);
    }

    @Test
    void countInvalidResultRefusesAResultCountedForAnotherWork() {
        Lease lease = leasedSeed("a");
        ResultId result = ResultId.random();
        store.countInvalidResult(epoch, lease.work(), result, T0);
        refusedUnchanged(InvalidInputException.class, "result id is already counted invalid for another work",
                () -> store.countInvalidResult(epoch, id("b"), result, T0));
        refusedUnchanged(InvalidInputException.class, "time is NaN, infinite or negative",
                () -> store.countInvalidResult(epoch, lease.work(), ResultId.random(), Double.NaN));
    }

    @Test
    void requeueRefusesATokenThatIsNoLongerHeld() {
        Lease lease = leasedSeed("a");
        store.recoverExpired(epoch, BOB, 5, T0 + TTL);
        refusedUnchanged(StaleTokenException.class, "presented token is not the one the store holds",
                () -> store.requeue(epoch, lease, ResultId.random(), T0 + TTL, TTL));
    }

    @Test
    void abandonReturnsTheWorkAsANewAttemptAndIsIdempotent() {
        Lease lease = leasedSeed("a");
        ResultId result = ResultId.random();
        store.beginCommit(epoch, request(lease, result, "c1"), T0);
        Completion abandoned = store.abandon(epoch, lease.work(), result, "stage lost", T0 + 1);
        assertThat(abandoned.outcome().outcome()).isEqualTo(Outcome.ABANDONED);
        assertThat(abandoned.outcome().reason()).isEqualTo("stage lost");
        assertThat(abandoned.state()).isEqualTo(WorkState.PENDING);
        assertThat(abandoned.abandonedForGood()).isFalse();
        WorkRecord record = store.work(lease.work());
        assertThat(record.state()).isEqualTo(WorkState.PENDING);
        assertThat(record.token()).isNull();
        List<String> after = everything();
        Completion repeated = store.abandon(epoch, lease.work(), result, "stage lost", T0 + 2);
        assertThat(repeated.repeated()).isTrue();
        assertThat(repeated.state()).isEqualTo(WorkState.PENDING);
        assertThat(everything()).isEqualTo(after);
        assertThat(store.work(id("c1"))).isNull();
        Lease again = claimOne(BOB, T0 + 3);
        assertThat(again.work()).isEqualTo(lease.work());
        assertThat(store.work(lease.work()).attempts()).isEqualTo(2);
        assertCountersMatchRecount();
    }

    @Test
    void abandonAfterTheLastAttemptIsFinal() {
        admitted("a");
        List<Completion> abandonments = new ArrayList<>();
        ResultId last = null;
        for (int attempt = 1; attempt <= CONFIG.maxAttempts(); attempt++) {
            Lease lease = claimOne(ALICE, T0);
            last = ResultId.random();
            store.beginCommit(epoch, request(lease, last), T0);
            abandonments.add(store.abandon(epoch, lease.work(), last, "stage lost", T0));
        }
        assertThat(abandonments).extracting(Completion::state)
                .containsExactly(WorkState.PENDING, WorkState.PENDING, WorkState.ABANDONED);
        assertThat(abandonments).extracting(Completion::abandonedForGood).containsExactly(false, false, true);
        Completion repeated = store.abandon(epoch, id("a"), last, "stage lost", T0 + 1);
        assertThat(repeated.repeated()).isTrue();
        assertThat(repeated.abandonedForGood()).isTrue();
        assertThat(store.work(id("a")).state()).isEqualTo(WorkState.ABANDONED);
        assertThat(store.claim(epoch, ALICE, Set.of(), 5, T0, TTL).granted()).isEmpty();
        assertThat(store.counts().get(Counter.ABANDONED)).isEqualTo(1);
        assertCountersMatchRecount();
    }

    @Test
    void aNewEpochReplaysTheCommittingEntriesOfTheOldOne() {
        Lease lease = leasedSeed("a");
        ResultId result = ResultId.random();
        store.beginCommit(epoch, request(lease, result, "c1", "c2"), T0);
        store.markPromoted(epoch, new Promotion(lease.work(), result, 0));
        long old = epoch;
        epoch = store.bumpEpoch(epoch, "job-2", T0 + 100).epoch();
        CommittingEntry entry = store.listCommitting(10).get(0);
        assertThat(entry.promoted(0)).isTrue();
        assertThat(entry.promoted(1)).isFalse();
        assertThatThrownBy(() -> store.complete(old, lease.work(), result, T0)).isInstanceOf(StaleEpochException.class);
        store.markPromoted(epoch, new Promotion(lease.work(), result, 1));
        Completion completion = store.complete(epoch, entry.work().id(), entry.entry().result(), T0 + 101);
        assertThat(completion.enqueued()).containsExactly(id("c1"), id("c2"));
        assertThat(store.work(id("c1")).epoch()).isEqualTo(epoch);
    }

    // ---- counters and quiescence -----------------------------------------------------------

    @Test
    void countersEqualARecountThroughTheWholeLifecycle() {
        for (int i = 0; i < 8; i++) {
            admitted("seed-" + i);
        }
        List<WorkRecord> granted = store.claim(epoch, ALICE, Set.of(), 8, T0, TTL).granted();
        assertCountersMatchRecount();
        for (int i = 0; i < granted.size(); i++) {
            WorkRecord record = granted.get(i);
            Lease lease = new Lease(record.id(), record.token());
            if (i % 4 == 0) {
                continue;
            }
            if (i % 4 == 1) {
                store.requeue(epoch, lease, ResultId.random(), T0, TTL);
                continue;
            }
            ResultId result = ResultId.random();
            store.beginCommit(epoch, request(lease, result, "c" + i, "c" + (i + 1)), T0);
            if (i % 4 == 2) {
                promoteAll(record.id(), result, 2);
                store.complete(epoch, record.id(), result, T0);
            }
        }
        assertCountersMatchRecount();
        store.recoverExpired(epoch, BOB, 50, T0 + TTL + 1);
        assertCountersMatchRecount();
    }

    @Test
    void quiescenceIsDeclaredOnlyWhenNothingIsUnfinished() {
        Quiescence empty = store.checkQuiescence(epoch, T0);
        assertThat(empty.quiescent()).isTrue();
        assertThat(empty.marker().epoch()).isEqualTo(epoch);
        Lease lease = leasedSeed("a");
        assertQuiescence(false);
        ResultId result = ResultId.random();
        store.beginCommit(epoch, request(lease, result, "c1"), T0);
        assertQuiescence(false);
        promoteAll(lease.work(), result, 1);
        store.complete(epoch, lease.work(), result, T0);
        assertQuiescence(false);
        Lease child = claimOne(ALICE, T0);
        ResultId last = ResultId.random();
        store.beginCommit(epoch, request(child, last), T0);
        store.complete(epoch, child.work(), last, T0);
        Quiescence done = store.checkQuiescence(epoch, T0 + 7);
        assertThat(done.quiescent()).isTrue();
        assertThat(done.marker().at()).isEqualTo(T0 + 7);
        assertThat(done.counts().get(Counter.DONE)).isEqualTo(2);
    }

    @Test
    void quiescenceIsRefusedWhileAPendingItemIsBlockedAsCorrupt() {
        Digest work = admitted("a").id();
        truncateRecord(work);
        assertThat(store.claim(epoch, ALICE, Set.of(), 5, T0, TTL).blocked()).hasSize(1);
        assertQuiescence(false);
    }

    @Test
    void quiescenceIsRefusedWhileALeasedItemIsBlockedAsCorrupt() {
        Lease lease = leasedSeed("a");
        truncateRecord(lease.work());
        assertThat(store.recoverExpired(epoch, BOB, 5, T0 + 1e6).blocked()).hasSize(1);
        assertQuiescence(false);
    }

    @Test
    void quiescenceIsRefusedWhileACommittingItemIsBlockedAsCorrupt() {
        Digest work = committingSeed("a");
        truncateRecord(work);
        assertThat(store.listCommitting(null, 5).blocked()).hasSize(1);
        assertQuiescence(false);
    }

    @Test
    void quiescenceIsRefusedByAReadyIndexEntryThatNoCounterCounts() {
        Digest ghost = id("ghost");
        plant(keys.ready(Buckets.of(ghost, CONFIG.buckets()), ghost), new byte[0]);
        assertThat(store.counts().unfinished()).isZero();
        assertThat(store.claim(epoch, ALICE, Set.of(), 5, T0, TTL).blocked()).singleElement()
                .satisfies(blocked -> assertThat(blocked.problem())
                        .hasMessageContaining("ready index entry has no pending work record"));
        assertThat(store.checkQuiescence(epoch, T0).indexesEmpty()).isFalse();
        assertQuiescence(false);
    }

    @Test
    void quiescenceIsRefusedByACommittingItemWhoseIndexEntryIsLost() {
        Digest work = committingSeed("a");
        erase(keys.committing(work));
        CommittingPage page = store.listCommitting(null, 5);
        assertThat(page.entries()).isEmpty();
        assertThat(page.blocked()).isEmpty();
        assertThat(store.checkQuiescence(epoch, T0).indexesEmpty()).isTrue();
        assertQuiescence(false);
    }

    private void assertQuiescence(boolean expected) {
        List<String> before = everything();
        Quiescence check = store.checkQuiescence(epoch, T0);
        assertThat(check.quiescent()).isEqualTo(expected);
        if (!expected) {
            assertThat(everything()).isEqualTo(before);
        }
    }

    // ---- records that cannot be read -------------------------------------------------------

    @Test
    void truncatedRecordIsReportedAndNeverOverwritten() {
        Lease lease = leasedSeed("a");
        truncateRecord(lease.work());
        assertEveryItemCallIsRefused(lease, CorruptRecordException.class, "stored record cannot be decoded");
    }

    @Test
    void nonJsonRecordIsReportedAndNeverOverwritten() {
        Lease lease = leasedSeed("a");
        plant(keys.work(lease.work()), "\u0000\u0001garbage");
        assertEveryItemCallIsRefused(lease, CorruptRecordException.class, "value is not one complete JSON document");
    }

    @Test
    void recordOfAFutureSchemaIsReportedAndLeftAlone() {
        Lease lease = leasedSeed("a");
        String json = new String(RecordCodec.WORK.encode(store.work(lease.work())), StandardCharsets.UTF_8)
                .replace("{\"schema\":" + WorkRecord.SCHEMA + ",", "{\"schema\":" + (WorkRecord.SCHEMA + 1) + ",\"priority\":3,");
        plant(keys.work(lease.work()), json);
        assertEveryItemCallIsRefused(lease, FutureSchemaException.class, "newer schema version");
    }

    private void assertEveryItemCallIsRefused(Lease lease, Class<? extends FrontierException> type, String message) {
        refusedUnchanged(type, message, () -> store.admitSeed(epoch, payload("a")));
        refusedUnchanged(type, message, () -> store.beginCommit(epoch, request(lease, ResultId.random()), T0));
        refusedUnchanged(type, message, () -> store.requeue(epoch, lease, ResultId.random(), T0, TTL));
        refusedUnchanged(type, message, () -> store.complete(epoch, lease.work(), ResultId.random(), T0));
        refusedUnchanged(type, message, () -> store.work(lease.work()));
        Consumer<ItemResult<WorkRecord>> renewRefused = r -> assertThat(r.failure()).isInstanceOf(type);
        List<String> before = everything();
        store.renew(epoch, List.of(lease), T0, TTL).forEach(renewRefused);
        assertThat(everything()).isEqualTo(before);
        RecoveryResult recovery = store.recoverExpired(epoch, BOB, 10, T0 + 1e6);
        assertThat(recovery.recovered()).isEmpty();
        assertThat(recovery.blocked()).singleElement().satisfies(b -> assertThat(b.problem()).isInstanceOf(type));
        assertThat(everything()).isEqualTo(before);
    }
}
