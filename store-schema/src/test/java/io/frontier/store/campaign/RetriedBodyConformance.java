package io.frontier.store.campaign;

import static io.frontier.store.campaign.CampaignFixtures.dump;
import static io.frontier.store.campaign.CampaignFixtures.payload;
import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.exploration.ExplorationPolicy;
import io.frontier.store.coverage.Coverage;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.TestKeyspace;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.TransactionBody;
import io.frontier.store.manifest.Child;
import io.frontier.store.manifest.ChildFate;
import io.frontier.store.record.CampaignConfig;
import io.frontier.store.record.InvalidResultMarker;
import io.frontier.store.record.Owner;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.Token;
import io.frontier.store.record.WorkPayload;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.wire.DeclaredFinding;
import io.frontier.store.wire.Execution;
import io.frontier.store.wire.FindingKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.BiFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * FoundationDB may run a transaction body again after {@code commit_unknown_result}, when the
 * first run did commit. Claim and recovery are not naturally idempotent (a second run would find
 * other candidates), so they keep a receipt, counting an invalid result keeps a marker per
 * result id, and a commit decision (whose triage would find its own tuples in the map the second
 * time) finds its item committing; here the same body, with the same request id and tokens, runs
 * in two committed transactions, and the second must return the first's outcome and change
 * nothing. Run against every backend by a few-line subclass; each test uses a campaign of its
 * own and clears it afterwards.
 */
public abstract class RetriedBodyConformance {

    private static final CampaignConfig CONFIG = CampaignConfig.of("retried", 4, 3);
    private static final Owner OWNER = Owner.of("rank-0");
    private static final double T0 = 5_000.0;

    private KeyValueStore kv;
    private CampaignKeys keys;
    private CampaignStore store;

    /** A store for one test; closed after it. */
    protected abstract KeyValueStore openStore() throws Exception;

    @BeforeEach
    void createCampaign() throws Exception {
        kv = openStore();
        keys = TestKeyspace.campaign("retried-" + UUID.randomUUID());
        store = new CampaignStore(kv, keys);
        store.init(CONFIG, "job-1", T0);
        List<WorkPayload> seeds = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            seeds.add(payload("retried-" + i));
        }
        store.admit(1, seeds).forEach(ItemResult::orThrow);
    }

    @AfterEach
    void dropCampaign() {
        if (kv != null) {
            kv.run(tx -> {
                tx.clearRange(keys.all().begin(), keys.all().end());
                return null;
            });
            kv.close();
        }
    }

    /** The body {@link CampaignStore} would hand to the store, built once so both runs share it. */
    private <T> TransactionBody<T> body(BiFunction<ReadAhead, WorkTable, T> work) {
        return transaction -> {
            ReadAhead tx = new ReadAhead(transaction);
            WorkTable table = new WorkTable(tx, keys, CONFIG.buckets());
            T result = work.apply(tx, table);
            table.flush();
            return result;
        };
    }

    @Test
    void aClaimBodyRunTwiceReturnsItsFirstGrantsAndTakesNothingMore() {
        Leasing leasing = new Leasing(keys, CONFIG.buckets());
        List<Token> tokens = List.of(Token.random(), Token.random(), Token.random());
        String request = ResultId.random().hex();
        TransactionBody<ClaimResult> claim = body((tx, table) ->
                leasing.claim(tx, table, request, OWNER, Set.of(), tokens, 1, T0 + 60));
        ClaimResult first = kv.run(claim);
        List<String> after = dump(kv, keys.all());
        ClaimResult second = kv.run(claim);
        assertThat(first.granted()).hasSize(3);
        assertThat(second.granted()).isEqualTo(first.granted());
        assertThat(dump(kv, keys.all())).isEqualTo(after);
        assertThat(store.counts().get(Counter.LEASED)).isEqualTo(3);
    }

    @Test
    void aRecoveryBodyRunTwiceReturnsWhatItReleasedTheFirstTime() {
        store.claim(1, OWNER, Set.of(), 4, T0, 10);
        Leasing leasing = new Leasing(keys, CONFIG.buckets());
        String request = ResultId.random().hex();
        TransactionBody<RecoveryResult> recover = body((tx, table) ->
                leasing.recover(tx, table, request, OWNER, 10, 1, T0 + 10));
        RecoveryResult first = kv.run(recover);
        List<String> after = dump(kv, keys.all());
        RecoveryResult second = kv.run(recover);
        assertThat(first.recovered()).hasSize(4);
        assertThat(second.recovered()).containsExactlyInAnyOrderElementsOf(first.recovered());
        assertThat(dump(kv, keys.all())).isEqualTo(after);
        assertThat(store.counts().get(Counter.PENDING)).isEqualTo(6);
    }

    @Test
    void anInvalidResultCountBodyRunTwiceCountsTheResultOnce() {
        InvalidResults invalid = new InvalidResults(keys);
        ResultId result = ResultId.random();
        TransactionBody<InvalidResultMarker> count = body((tx, table) ->
                invalid.count(tx, table, result, payload("retried-0").hash(), 1, T0 + 1));
        InvalidResultMarker first = kv.run(count);
        List<String> after = dump(kv, keys.all());
        InvalidResultMarker second = kv.run(count);
        assertThat(second).isEqualTo(first);
        assertThat(dump(kv, keys.all())).isEqualTo(after);
        assertThat(store.counts().get(Counter.INVALID)).isEqualTo(1);
    }

    @Test
    void aCommitDecisionBodyRunTwiceReturnsItsFirstTriageAndRecordsNothingMore() {
        WorkRecord leased = store.claim(1, OWNER, Set.of(), 1, T0, 10).granted().get(0);
        Lease lease = new Lease(leased.id(), leased.token());
        Committing committing = new Committing(keys, CONFIG, ExplorationPolicy.BEFORE_TIERS, List.of());
        DeclaredFinding crash = new DeclaredFinding(FindingKind.CRASH, 6, "stack:0abc");
        Coverage reached = Coverage.of(new int[] {Coverage.tuple(12, 1), Coverage.tuple(13, 9)});
        ResultId result = ResultId.random();
        CommitRequest request = new CommitRequest(lease, result, "stage/" + result, List.of(
                new DeclaredChild(payload("new").hash(), 3, reached, null),
                new DeclaredChild(payload("same").hash(), 4, reached, null),
                new DeclaredChild(payload("boom").hash(), 4, reached, crash)),
                new Execution("afl", "crash", 6, true, 20, false), crash);
        TransactionBody<CommitRound> begin = body((tx, table) ->
                committing.beginAll(tx, table, List.of(request), 1, T0 + 1));
        CommitTicket first = kv.run(begin).results().get(0).orThrow();
        List<String> after = dump(kv, keys.all());
        CommitTicket second = kv.run(begin).results().get(0).orThrow();
        assertThat(first.children()).extracting(Child::fate)
                .containsExactly(ChildFate.FRONTIER, ChildFate.REDUNDANT, ChildFate.FINDING);
        assertThat(second.repeated()).isTrue();
        assertThat(second.children()).isEqualTo(first.children());
        assertThat(second.entry()).isEqualTo(first.entry());
        assertThat(dump(kv, keys.all())).isEqualTo(after);
        assertThat(store.counts().get(Counter.FINDINGS)).isEqualTo(2);
        assertThat(CampaignKeys.decodeSum(kv.read(tx -> tx.get(keys.load(OWNER))))).isEqualTo(1);
    }

    @Test
    void aDecisionBodyThatEndsItsEntryRunTwiceReturnsItsFirstTicketAndWritesNothingMore() {
        WorkRecord leased = store.claim(1, OWNER, Set.of(), 1, T0, 10).granted().get(0);
        Committing committing = new Committing(keys, CONFIG, ExplorationPolicy.BEFORE_TIERS, List.of());
        ResultId result = ResultId.random();
        CommitRequest request = new CommitRequest(new Lease(leased.id(), leased.token()), result,
                ".stage-1/3/" + result, List.of(), new Execution("command", "ok", 0, false, 20, false), null);
        AttemptMemory<CommitTicket> ending = new AttemptMemory<>();
        TransactionBody<CommitTicket> begin = body((tx, table) ->
                committing.beginAll(tx, table, List.of(request), 1, T0 + 1, ending).results().get(0).orThrow());

        CommitTicket first = kv.run(begin);
        List<String> after = dump(kv, keys.all());
        CommitTicket second = kv.run(begin);

        assertThat(first.completed()).isTrue();
        assertThat(second).as("the run that committed was this call's own").isEqualTo(first);
        assertThat(dump(kv, keys.all())).isEqualTo(after);
        assertThat(store.counts().get(Counter.DONE)).isEqualTo(1);
    }

    @Test
    void aCompletionBodyRunTwiceReportsWhatItsFirstRunEnqueuedAndAnotherCallSeesARepeat() {
        WorkRecord leased = store.claim(1, OWNER, Set.of(), 1, T0, 10).granted().get(0);
        ResultId result = ResultId.random();
        store.beginCommit(1, new CommitRequest(new Lease(leased.id(), leased.token()), result, ".stage-1/3/" + result,
                CampaignFixtures.declared(List.of(CampaignFixtures.child("first"), CampaignFixtures.child("second"))),
                new Execution("command", "ok", 0, false, 20, false), null), T0 + 1);
        store.markPromoted(1, List.of(new Promotion(leased.id(), result, 0), new Promotion(leased.id(), result, 1)))
                .forEach(ItemResult::orThrow);
        Committing committing = new Committing(keys, CONFIG, ExplorationPolicy.BEFORE_TIERS, List.of());
        AttemptMemory<Completion> memory = new AttemptMemory<>();
        TransactionBody<Completion> complete = body((tx, table) -> committing.completeAll(tx, table,
                List.of(new Commitment(leased.id(), result)), 1, T0 + 2, memory).get(0).orThrow());

        Completion first = kv.run(complete);
        List<String> after = dump(kv, keys.all());
        Completion second = kv.run(complete);
        Completion otherCall = store.complete(1, leased.id(), result, T0 + 3);

        assertThat(first.enqueued()).hasSize(2);
        assertThat(second).as("the run that committed was this call's own").isEqualTo(first);
        assertThat(dump(kv, keys.all())).isEqualTo(after);
        assertThat(otherCall.repeated()).isTrue();
        assertThat(otherCall.enqueued()).isEmpty();
        assertThat(otherCall.outcome()).isEqualTo(first.outcome());
    }

    @Test
    void aRequeueBodyRunTwiceCountsItsRejectedResultOnce() {
        WorkRecord leased = store.claim(1, OWNER, Set.of(), 1, T0, 10).granted().get(0);
        Lease lease = new Lease(leased.id(), leased.token());
        Leasing leasing = new Leasing(keys, CONFIG.buckets());
        ResultId rejected = ResultId.random();
        TransactionBody<WorkRecord> requeue = body((tx, table) ->
                leasing.requeue(tx, table, lease, rejected, 1, T0 + 1, T0 + 11));
        WorkRecord first = kv.run(requeue);
        List<String> after = dump(kv, keys.all());
        WorkRecord second = kv.run(requeue);
        assertThat(second).isEqualTo(first);
        assertThat(dump(kv, keys.all())).isEqualTo(after);
        assertThat(store.counts().get(Counter.INVALID)).isEqualTo(1);
        assertThat(store.counts().get(Counter.REJECTED)).isEqualTo(1);
    }
}
