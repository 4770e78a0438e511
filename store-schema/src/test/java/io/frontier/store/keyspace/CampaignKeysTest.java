package io.frontier.store.keyspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.apple.foundationdb.tuple.Tuple;
import com.apple.foundationdb.tuple.Versionstamp;
import io.frontier.store.error.CorruptRecordException;
import io.frontier.store.exploration.ClaimOrder;
import io.frontier.store.pruning.PruningMap;
import io.frontier.store.record.Owner;
import io.frontier.store.record.ResultId;
import io.frontier.store.corpus.Digest;
import io.frontier.store.session.FeedEntry;
import io.frontier.store.wire.ExecutorKind;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CampaignKeysTest {

    private static final Digest ID = Digest.parse("ab".repeat(32));
    private static final ResultId RESULT = ResultId.of("0123456789abcdef0123456789abcdef");
    private final CampaignKeys keys = CampaignKeys.forCampaign("test");

    @Test
    void subspaceNumbersAreUniqueAndOnlyAppended() {
        Set<Long> numbers = new HashSet<>();
        long expected = 0;
        for (CampaignSubspace subspace : CampaignSubspace.values()) {
            assertThat(subspace.number()).isEqualTo(expected++);
            assertThat(numbers.add(subspace.number())).isTrue();
        }
    }

    @Test
    void singletonKeysRoundTripThroughTheirSubspace() {
        assertThat(keys.subspaceOf(keys.config())).isEqualTo(CampaignSubspace.CONFIG);
        assertThat(keys.subspaceOf(keys.epoch())).isEqualTo(CampaignSubspace.EPOCH);
        assertThat(keys.subspaceOf(keys.quiescence())).isEqualTo(CampaignSubspace.QUIESCENCE);
        assertThat(keys.subspaceOf(keys.heartbeat())).isEqualTo(CampaignSubspace.HEARTBEAT);
        assertInside(keys.heartbeat(), keys.all());
    }

    @Test
    void workKeyRoundTrips() {
        assertThat(keys.decodeWork(keys.work(ID))).isEqualTo(ID);
        assertThat(keys.subspaceOf(keys.work(ID))).isEqualTo(CampaignSubspace.WORK);
        assertInside(keys.work(ID), keys.works());
    }

    @Test
    void readyKeyRoundTripsAndFallsInItsBucketRange() {
        byte[] key = keys.ready(7, ID);
        assertThat(keys.decodeReady(key)).isEqualTo(new ReadyKey(ClaimOrder.NEW_COVERAGE, 7, ID));
        assertInside(key, keys.ready(7));
        assertInside(key, keys.ready());
        assertThat(Arrays.compareUnsigned(key, keys.ready(8).begin())).isNegative();
    }

    @Test
    void tieredKeyRoundTripsAndDecodesAsAReadyKeyOfItsClaimOrder() {
        byte[] key = keys.tiered(ClaimOrder.NEW_COVERAGE, 9, 7, ID);
        assertThat(keys.decodeTiered(key)).isEqualTo(new TieredKey(ClaimOrder.NEW_COVERAGE, 9, 7, ID));
        assertThat(keys.decodeAnyReady(key)).isEqualTo(new ReadyKey(ClaimOrder.NEW_COVERAGE, 7, ID));
        assertThat(keys.decodeAnyReady(keys.tiered(ClaimOrder.REPEAT, 1, 7, ID)).claimOrder()).isEqualTo(ClaimOrder.REPEAT);
        assertInside(key, keys.tiered());
        assertThat(Arrays.compareUnsigned(key, keys.tiered(ClaimOrder.NEW_COVERAGE, 10, 0, ID))).isNegative();
        assertThat(Arrays.compareUnsigned(keys.tiered(ClaimOrder.NEW_COVERAGE, 999, 0, ID),
                keys.tiered(ClaimOrder.RETRY, 0, 0, ID))).isNegative();
        byte[] gate = keys.tiered(ClaimOrder.GATE, 999, 0, ID);
        assertThat(Arrays.compareUnsigned(gate, keys.tiered(ClaimOrder.NEW_COVERAGE, 0, 0, ID)))
                .as("the order below tier 0 sorts before it").isNegative();
        assertInside(gate, keys.tiered());
        assertThat(keys.decodeTiered(gate)).isEqualTo(new TieredKey(ClaimOrder.GATE, 999, 0, ID));
    }

    @Test
    void sessionKeyRoundTripsAndFallsInItsKindsRangeBySlot() {
        byte[] key = keys.session(ExecutorKind.AFL_SESSION, 4, ID);
        assertThat(keys.decodeSession(key)).isEqualTo(new SessionKey(ExecutorKind.AFL_SESSION, 4, ID));
        assertThat(keys.subspaceOf(key)).isEqualTo(CampaignSubspace.SESSIONS);
        assertInside(key, keys.sessions(ExecutorKind.AFL_SESSION));
        assertInside(key, keys.sessions());
        assertThat(Arrays.compareUnsigned(key, keys.session(ExecutorKind.AFL_SESSION, 5, ID))).isNegative();
    }

    @Test
    void feedKeyRoundTripsAndTheRangeAfterAPositionHoldsOnlyLaterEntries() {
        Versionstamp first = Versionstamp.complete(new byte[10], 0);
        Versionstamp later = Versionstamp.complete(new byte[] {0, 0, 0, 0, 0, 0, 0, 1, 0, 0}, 0);
        byte[] key = keys.feed(first, 1);
        assertThat(keys.decodeFeed(key)).isEqualTo(new FeedEntry.Position(first, 1));
        assertInside(key, keys.feed());
        KeyRange after = keys.feedAfter(new FeedEntry.Position(first, 0));
        assertInside(key, after);
        assertInside(keys.feed(later, 0), after);
        assertThat(Arrays.compareUnsigned(keys.feed(first, 0), after.begin())).isNegative();
        assertThat(keys.feedAfter(null).begin()).isEqualTo(keys.feed().begin());
    }

    @Test
    void leasedKeyRoundTripsAndOrdersByEpochThenExpiry() {
        byte[] key = keys.leased(3, 1234.5, ID);
        assertThat(keys.decodeLeased(key)).isEqualTo(new LeasedKey(3, 1234.5, ID));
        assertThat(Arrays.compareUnsigned(keys.leased(2, 9e9, ID), keys.leased(3, 0.0, ID))).isNegative();
        assertThat(Arrays.compareUnsigned(keys.leased(3, 1.0, ID), keys.leased(3, 2.0, ID))).isNegative();
    }

    @Test
    void recoverableRangeHoldsOlderEpochsAndExpiredLeasesOnly() {
        KeyRange range = keys.recoverable(3, 100.0);
        assertInside(keys.leased(1, 1e12, ID), range);
        assertInside(keys.leased(2, 500.0, ID), range);
        assertInside(keys.leased(3, 99.5, ID), range);
        assertInside(keys.leased(3, 100.0, ID), range);
        assertOutside(keys.leased(3, 100.25, ID), range);
        assertOutside(keys.leased(4, 0.0, ID), range);
        assertOutside(keys.ready(0, ID), range);
    }

    @Test
    void committingKeyAndValueRoundTrip() {
        assertThat(keys.decodeCommitting(keys.committing(ID))).isEqualTo(ID);
        assertThat(keys.decodeCommittingValue(keys.committing(ID), CampaignKeys.committingValue(RESULT)))
                .isEqualTo(RESULT);
    }

    @Test
    void manifestKeyRoundTripsAndListsInVersionstampOrder() {
        Versionstamp early = Versionstamp.complete(new byte[] {0, 0, 0, 0, 0, 0, 0, 1, 0, 0}, 0);
        Versionstamp late = Versionstamp.complete(new byte[] {0, 0, 0, 0, 0, 0, 0, 2, 0, 0}, 0);
        byte[] key = keys.manifest(early, 2);
        assertThat(keys.decodeManifest(key)).isEqualTo(new ManifestKey(early, 2));
        assertInside(key, keys.manifest(early));
        assertOutside(key, keys.manifest(late));
        assertThat(Arrays.compareUnsigned(keys.manifest(early, 9), keys.manifest(late, 0))).isNegative();
        assertThat(keys.manifestToStamp(3, 1).hasIncompleteVersionstamp()).isTrue();
    }

    @Test
    void resultPromotedAndOutcomeKeysRoundTrip() {
        assertThat(keys.decodeResult(keys.result(RESULT))).isEqualTo(RESULT);
        Versionstamp stamp = Versionstamp.complete(new byte[10], 0);
        assertThat(keys.decodePromoted(keys.promoted(stamp))).isEqualTo(stamp);
        assertThat(keys.decodeOutcome(keys.outcome(stamp))).isEqualTo(stamp);
        assertThat(keys.decodeVersionstampValue(keys.result(RESULT), Tuple.from(stamp).pack())).isEqualTo(stamp);
    }

    @Test
    void edgeMapKeysRoundTripAndListInShardOrder() {
        assertThat(keys.decodeEdges(keys.edges(0))).isZero();
        assertThat(keys.decodeEdges(keys.edges(CampaignKeys.EDGE_SHARDS - 1))).isEqualTo(CampaignKeys.EDGE_SHARDS - 1);
        assertThat(keys.subspaceOf(keys.edges(3))).isEqualTo(CampaignSubspace.EDGES);
        assertInside(keys.edges(3), keys.edgeMap());
        assertThat(Arrays.compareUnsigned(keys.edges(2), keys.edges(300))).isNegative();
        assertThatThrownBy(() -> keys.edges(CampaignKeys.EDGE_SHARDS)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> keys.decodeEdges(keys.load(Owner.of("r")))).isInstanceOf(CorruptRecordException.class);
    }

    @Test
    void pruningMapKeysRoundTripListInShardOrderAndLeaveThePolicyOutside() {
        int last = PruningMap.SHARDS - 1;
        assertThat(keys.decodePruning(keys.pruning(0))).isZero();
        assertThat(keys.decodePruning(keys.pruning(last))).isEqualTo(last);
        assertThat(keys.subspaceOf(keys.pruning(3))).isEqualTo(CampaignSubspace.PRUNING);
        assertInside(keys.pruning(last), keys.pruningMap());
        assertThat(Arrays.compareUnsigned(keys.pruning(2), keys.pruning(last))).isNegative();
        assertThat(keys.subspaceOf(keys.pruningPolicy())).isEqualTo(CampaignSubspace.PRUNING_POLICY);
        assertOutside(keys.pruningPolicy(), keys.pruningMap());
        assertOutside(keys.edges(0), keys.pruningMap());
        assertThatThrownBy(() -> keys.pruning(PruningMap.SHARDS)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> keys.decodePruning(keys.edges(1))).isInstanceOf(CorruptRecordException.class);
        byte[] beyond = Tuple.from("frontier", "campaign", "test", CampaignSubspace.PRUNING.number(),
                (long) PruningMap.SHARDS).pack();
        assertThatThrownBy(() -> keys.decodePruning(beyond)).isInstanceOf(CorruptRecordException.class)
                .hasMessageContaining("stored key or index value is malformed");
    }

    @Test
    void loadKeyRoundTrips() {
        Owner owner = Owner.of("epoch-3/rank-1");
        assertThat(keys.decodeLoad(keys.load(owner))).isEqualTo(owner);
        assertThat(keys.subspaceOf(keys.load(owner))).isEqualTo(CampaignSubspace.LOAD);
        assertInside(keys.load(owner), keys.loads());
        assertThatThrownBy(() -> keys.decodeLoad(keys.edges(1))).isInstanceOf(CorruptRecordException.class);
        byte[] spaced = Tuple.from("frontier", "campaign", "test", CampaignSubspace.LOAD.number(), "rank 1").pack();
        assertThatThrownBy(() -> keys.decodeLoad(spaced)).isInstanceOf(CorruptRecordException.class)
                .hasMessageContaining("printable ASCII");
    }

    @Test
    void executorCountKeyRoundTripsAndListsByOwnerThenExecutor() {
        Owner owner = Owner.of("epoch-3/rank-1");
        byte[] key = keys.executorCount(owner, "symcc", ExecutorCounter.REDUNDANT);
        assertThat(keys.decodeExecutorCount(key)).isEqualTo(new ExecutorCountKey(owner, "symcc", ExecutorCounter.REDUNDANT));
        assertThat(keys.subspaceOf(key)).isEqualTo(CampaignSubspace.EXECUTOR_COUNTS);
        assertInside(key, keys.executorCounts());
        assertThat(Arrays.compareUnsigned(keys.executorCount(owner, "afl", ExecutorCounter.NEW_EDGES), key)).isNegative();
        assertThatThrownBy(() -> keys.executorCount(owner, "Sym-CC", ExecutorCounter.CHILDREN))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> keys.decodeExecutorCount(keys.load(owner))).isInstanceOf(CorruptRecordException.class);
        byte[] unknownCounter = Tuple.from("frontier", "campaign", "test", CampaignSubspace.EXECUTOR_COUNTS.number(),
                owner.name(), "symcc", 99L).pack();
        assertThatThrownBy(() -> keys.decodeExecutorCount(unknownCounter)).isInstanceOf(CorruptRecordException.class)
                .hasMessageContaining("known counter");
    }

    @Test
    void executorCounterNumbersAreUniqueAndOnlyAppended() {
        long expected = 0;
        for (ExecutorCounter counter : ExecutorCounter.values()) {
            assertThat(counter.number()).isEqualTo(expected++);
        }
    }

    @Test
    void findingKeysOfOneSignatureListTogether() {
        assertThat(keys.subspaceOf(keys.finding("stack:00aa", ID))).isEqualTo(CampaignSubspace.FINDING);
        assertInside(keys.finding("stack:00aa", ID), keys.findings());
        Digest low = Digest.parse("00".repeat(32));
        assertThat(Arrays.compareUnsigned(keys.finding("stack:00aa", ID), keys.finding("stack:00ab", low))).isNegative();
    }

    @Test
    void anAddedSumReadsAsAdditionReadsIt() {
        assertThat(CampaignKeys.decodeSum(new byte[] {5, 0, 0, 0, 0, 0, 0, 0})).isEqualTo(5);
        assertThat(CampaignKeys.decodeSum(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff,
            (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff})).isEqualTo(-1);
        assertThat(CampaignKeys.decodeSum(new byte[] {1, 1})).isEqualTo(257);
        assertThat(CampaignKeys.decodeSum(new byte[] {2, 0, 0, 0, 0, 0, 0, 0, 9})).isEqualTo(2);
        assertThat(CampaignKeys.decodeSum(new byte[0])).isZero();
    }

    @Test
    void invalidResultKeyRoundTrips() {
        assertThat(keys.decodeInvalid(keys.invalid(RESULT))).isEqualTo(RESULT);
        assertThat(keys.subspaceOf(keys.invalid(RESULT))).isEqualTo(CampaignSubspace.INVALID);
        assertInside(keys.invalid(RESULT), keys.invalids());
        assertThatThrownBy(() -> keys.decodeInvalid(keys.result(RESULT))).isInstanceOf(CorruptRecordException.class);
    }

    @Test
    void rangeAfterAKeyHoldsExactlyTheKeysThatSortAfterIt() {
        Digest next = Digest.parse("ac" + "00".repeat(31));
        KeyRange rest = keys.committing().after(keys.committing(ID));
        assertOutside(keys.committing(ID), rest);
        assertInside(keys.committing(next), rest);
        byte[] longer = Tuple.from("frontier", "campaign", "test", 5L, Arrays.copyOf(ID.bytes(), 33)).pack();
        assertInside(longer, rest);
        assertThat(rest.end()).isEqualTo(keys.committing().end());
    }

    @Test
    void countKeyRoundTripsForEveryCounterAndShard() {
        for (Counter counter : Counter.values()) {
            for (int shard = 0; shard < CampaignKeys.COUNTER_SHARDS; shard++) {
                byte[] key = keys.count(counter, shard);
                assertThat(keys.decodeCount(key)).isEqualTo(new CountKey(counter, shard));
                assertInside(key, keys.counts(counter));
            }
        }
    }

    @Test
    void receiptKeyRoundTrips() {
        Owner owner = Owner.of("job-1/rank-0");
        for (ReceiptKind kind : ReceiptKind.values()) {
            assertThat(keys.decodeReceipt(keys.receipt(owner, kind))).isEqualTo(new ReceiptKey(owner, kind));
        }
    }

    @Test
    void everyKeyLiesInsideTheCampaignAndNotInsideAnother() {
        CampaignKeys other = CampaignKeys.forCampaign("test2");
        for (byte[] key : new byte[][] {keys.config(), keys.work(ID), keys.ready(0, ID), keys.count(Counter.DONE, 0)}) {
            assertInside(key, keys.all());
            assertOutside(key, other.all());
        }
    }

    @Test
    void decodersRejectKeysOfAnotherLayout() {
        assertThatThrownBy(() -> keys.decodeWork(keys.ready(1, ID))).isInstanceOf(CorruptRecordException.class)
                .hasMessageContaining("key does not have the layout of its subspace");
        assertThatThrownBy(() -> keys.decodeWork(CampaignKeys.forCampaign("other").work(ID)))
                .isInstanceOf(CorruptRecordException.class).hasMessageContaining("not under this campaign");
        byte[] shortId = Tuple.from("frontier", "campaign", "test", 2L, new byte[31]).pack();
        assertThatThrownBy(() -> keys.decodeWork(shortId)).isInstanceOf(CorruptRecordException.class)
                .hasMessageContaining("not 32 bytes");
        byte[] garbage = Arrays.copyOf(keys.work(ID), keys.work(ID).length - 3);
        assertThatThrownBy(() -> keys.decodeWork(garbage)).isInstanceOf(CorruptRecordException.class);
    }

    private static void assertInside(byte[] key, KeyRange range) {
        assertThat(Arrays.compareUnsigned(range.begin(), key)).isLessThanOrEqualTo(0);
        assertThat(Arrays.compareUnsigned(key, range.end())).isNegative();
    }

    private static void assertOutside(byte[] key, KeyRange range) {
        boolean inside = Arrays.compareUnsigned(range.begin(), key) <= 0 && Arrays.compareUnsigned(key, range.end()) < 0;
        assertThat(inside).isFalse();
    }
}
