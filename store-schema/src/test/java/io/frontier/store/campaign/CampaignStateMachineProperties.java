package io.frontier.store.campaign;

import static io.frontier.store.campaign.CampaignFixtures.child;
import static io.frontier.store.campaign.CampaignFixtures.payload;
import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.error.FrontierException;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.TestKeyspace;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.manifest.Child;
import io.frontier.store.record.CampaignConfig;
import io.frontier.store.record.Owner;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.Token;
import io.frontier.store.corpus.Digest;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.record.WorkState;
import io.frontier.store.wire.Execution;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeProperty;

/**
 * Random sequences of campaign operations, with right and stale tokens and a moving clock,
 * applied to the real store and to {@link StateMachineModel}; after every step each item's
 * state, token, attempts, epoch and result, and every counter, must agree. Run against every
 * backend by a few-line subclass; every try works in a campaign of its own, cleared after the
 * property.
 */
public abstract class CampaignStateMachineProperties {

    private static final double TTL = 25.0;
    private static final Owner[] OWNERS = {Owner.of("rank-0"), Owner.of("rank-1")};
    private KeyValueStore kv;
    /** The campaigns the tries of the current property created. */
    private final List<CampaignKeys> campaigns = new ArrayList<>();

    /** One step: what to do, and small numbers that pick the item, token, children or amount. */
    record Op(Kind kind, int a, int b) {
    }

    enum Kind { ADMIT, CLAIM, RENEW, RELEASE, REQUEUE, ADVANCE, RECOVER, COMMIT, PROMOTE, COMPLETE, ABANDON, BUMP }

    /** A store for one property and all its tries; closed after it. */
    protected abstract KeyValueStore openStore() throws Exception;

    /** Called once the store of a property is closed, to remove what only it used. */
    protected void storeClosed() throws Exception {
    }

    @BeforeProperty
    void open() throws Exception {
        kv = openStore();
    }

    @AfterProperty
    void clearAndClose() throws Exception {
        try {
            for (CampaignKeys keys : campaigns) {
                kv.run(tx -> {
                    tx.clearRange(keys.all().begin(), keys.all().end());
                    return null;
                });
            }
        } finally {
            kv.close();
            storeClosed();
        }
    }

    @Provide
    Arbitrary<List<Op>> operations() {
        Arbitrary<Op> op = Combinators.combine(Arbitraries.of(Kind.class), Arbitraries.integers().between(0, 63),
                Arbitraries.integers().between(0, 63)).as(Op::new);
        return op.list().ofMinSize(1).ofMaxSize(30);
    }

    @Property(tries = 60)
    void storeFollowsTheStateMachineModel(@ForAll("operations") List<Op> ops) {
        double start = 1_000_000.0;
        CampaignKeys keys = TestKeyspace.campaign("p-" + UUID.randomUUID());
        campaigns.add(keys);
        CampaignStore store = new CampaignStore(kv, keys);
        store.init(CampaignConfig.of("model", 4, 2), "job-1", start);
        StateMachineModel model = new StateMachineModel(2, start);
        for (Op op : ops) {
            apply(store, model, op, bodiesMayRunAgainAfterACommit());
            compare(store, model, op);
        }
    }

    /**
     * Whether the backend may run a body again after its commit happened (FoundationDB's
     * {@code commit_unknown_result}): then a seed the call created can read as known.
     */
    protected boolean bodiesMayRunAgainAfterACommit() {
        return false;
    }

    private static void apply(CampaignStore store, StateMachineModel model, Op op, boolean mayRunAgain) {
        List<Digest> ids = model.ids();
        Digest item = ids.isEmpty() ? null : ids.get(op.a() % ids.size());
        switch (op.kind()) {
            case ADMIT -> {
                Digest id = payload("seed-" + op.a() % 6).hash();
                boolean created = model.admit(id);
                boolean reported = store.admitSeed(model.epoch, payload("seed-" + op.a() % 6)).created();
                if (mayRunAgain && created) {
                    // The state is checked by compare(); only the flag may have been lost.
                    assertThat(store.work(id)).isNotNull();
                } else {
                    assertThat(reported).isEqualTo(created);
                }
            }
            case CLAIM -> {
                int max = 1 + op.b() % 4;
                long pending = model.count(WorkState.PENDING);
                ClaimResult result = store.claim(model.epoch, OWNERS[op.a() % 2], Set.of(op.a() % 4), max, model.now, TTL);
                assertThat(result.granted()).hasSize((int) Math.min(max, pending));
                for (WorkRecord granted : result.granted()) {
                    assertThat(model.items.get(granted.id()).state).isEqualTo(WorkState.PENDING);
                    model.grant(granted.id(), granted.token(), TTL);
                }
            }
            case RENEW -> {
                if (item != null) {
                    Token token = presented(model, item, op.b());
                    boolean ok = model.holds(item, token);
                    ItemResult<WorkRecord> result = store.renew(model.epoch, List.of(new Lease(item, token)), model.now, TTL).get(0);
                    assertThat(result.succeeded()).isEqualTo(ok);
                    if (ok) {
                        model.renew(item, TTL);
                    }
                }
            }
            case RELEASE -> {
                if (item != null) {
                    Token token = presented(model, item, op.b());
                    boolean held = model.holds(item, token);
                    boolean ok = held || model.items.get(item).state == WorkState.PENDING;
                    ItemResult<WorkRecord> result = store.release(model.epoch, List.of(new Lease(item, token)), model.now).get(0);
                    assertThat(result.succeeded()).isEqualTo(ok);
                    if (held) {
                        model.unclaim(item);
                    }
                }
            }
            case REQUEUE -> {
                if (item != null) {
                    Token token = presented(model, item, op.b());
                    boolean ok = model.holds(item, token);
                    expect(ok, () -> store.requeue(model.epoch, new Lease(item, token), ResultId.random(), model.now, TTL));
                    if (ok) {
                        model.requeue(item, TTL);
                    }
                }
            }
            case ADVANCE -> model.now += op.a() % 20;
            case RECOVER -> {
                List<Digest> due = model.recoverable();
                RecoveryResult result = store.recoverExpired(model.epoch, OWNERS[0], CampaignStore.MAX_CLAIM, model.now);
                assertThat(result.recovered()).extracting(Recovered::id).containsExactlyInAnyOrderElementsOf(due);
                due.forEach(model::release);
            }
            case COMMIT -> {
                if (item != null) {
                    Token token = presented(model, item, op.b());
                    boolean ok = model.holds(item, token);
                    List<Child> children = children(op.b());
                    ResultId result = ResultId.random();
                    expect(ok, () -> store.beginCommit(model.epoch,
                            new CommitRequest(new Lease(item, token), result, "stage/" + result, CampaignFixtures.declared(children),
                                    new Execution("command", "ok", 0, false, 10, false), null), model.now));
                    if (ok) {
                        model.commit(item, result, children);
                    }
                }
            }
            case PROMOTE -> {
                if (item != null && model.committing(item)) {
                    StateMachineModel.Item state = model.items.get(item);
                    for (int i = 0; i < state.children.size(); i++) {
                        store.markPromoted(model.epoch, new Promotion(item, state.result, i));
                    }
                    state.promoted = true;
                }
            }
            case COMPLETE -> {
                if (item != null) {
                    StateMachineModel.Item state = model.items.get(item);
                    ResultId result = state.result == null ? ResultId.random() : state.result;
                    boolean ok = state.state == WorkState.COMMITTING && state.promoted;
                    boolean repeat = state.state == WorkState.DONE;
                    if (ok) {
                        List<Digest> expected = model.complete(item);
                        assertThat(store.complete(model.epoch, item, result, model.now).enqueued())
                                .containsExactlyElementsOf(expected);
                    } else {
                        expect(repeat, () -> store.complete(model.epoch, item, result, model.now));
                    }
                }
            }
            case ABANDON -> {
                if (item != null) {
                    StateMachineModel.Item state = model.items.get(item);
                    boolean ok = state.state == WorkState.COMMITTING;
                    ResultId result = state.result == null ? ResultId.random() : state.result;
                    if (ok) {
                        Completion completion = store.abandon(model.epoch, item, result, "model abandons", model.now);
                        model.abandon(item);
                        assertThat(completion.state()).isEqualTo(state.state);
                    } else {
                        expect(false, () -> store.abandon(model.epoch, item, result, "model abandons", model.now));
                    }
                }
            }
            case BUMP -> model.epoch = store.bumpEpoch(model.epoch, "job-" + (model.epoch + 1), model.now).epoch();
        }
    }

    /** The right token, the item's last (possibly stale) token, or one nobody holds. */
    private static Token presented(StateMachineModel model, Digest id, int choice) {
        StateMachineModel.Item item = model.items.get(id);
        if (choice % 4 == 0 || item.lastToken == null) {
            return Token.random();
        }
        return item.token != null && choice % 4 != 1 ? item.token : item.lastToken;
    }

    private static List<Child> children(int bits) {
        List<Child> children = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            if ((bits >> i & 1) == 1 && children.size() < 3) {
                children.add(child("model-child-" + i));
            }
        }
        return children;
    }

    private static void expect(boolean succeeds, Runnable call) {
        boolean succeeded;
        try {
            call.run();
            succeeded = true;
        } catch (FrontierException e) {
            succeeded = false;
        }
        assertThat(succeeded).as("operation succeeded").isEqualTo(succeeds);
    }

    private static void compare(CampaignStore store, StateMachineModel model, Op op) {
        Set<Digest> seen = new HashSet<>();
        for (var entry : model.items.entrySet()) {
            StateMachineModel.Item expected = entry.getValue();
            WorkRecord actual = store.work(entry.getKey());
            String where = "after " + op + " item " + entry.getKey();
            assertThat(actual).as(where).isNotNull();
            assertThat(actual.state()).as(where).isEqualTo(expected.state);
            assertThat(actual.attempts()).as(where).isEqualTo(expected.attempts);
            assertThat(actual.epoch()).as(where).isEqualTo(expected.epoch);
            assertThat(actual.parent()).as(where).isEqualTo(expected.parent);
            if (expected.state == WorkState.LEASED) {
                assertThat(actual.token()).as(where).isEqualTo(expected.token);
                assertThat(actual.leaseExpiry()).as(where).isEqualTo(expected.expiry);
            }
            if (expected.state == WorkState.COMMITTING || expected.state == WorkState.DONE) {
                assertThat(actual.result()).as(where).isEqualTo(expected.result);
                assertThat(actual.token()).as(where).isEqualTo(expected.token);
            }
            seen.add(entry.getKey());
        }
        Counts counts = store.counts();
        for (WorkState state : WorkState.values()) {
            assertThat(counts.get(Counter.of(state))).as("counter %s after %s", state, op).isEqualTo(model.count(state));
        }
        assertThat(counts.get(Counter.REJECTED)).isEqualTo(model.rejected);
        assertThat(counts.get(Counter.INVALID)).isEqualTo(model.rejected);
        assertThat(seen).hasSize(model.items.size());
    }
}
