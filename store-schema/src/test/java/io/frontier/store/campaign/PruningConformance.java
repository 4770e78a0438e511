package io.frontier.store.campaign;

import static io.frontier.store.campaign.CampaignFixtures.dump;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.error.StaleEpochException;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.TestKeyspace;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.pruning.PruningMap;
import io.frontier.store.pruning.PruningPolicy;
import io.frontier.store.pruning.PruningSharing;
import io.frontier.store.record.CampaignConfig;
import io.frontier.store.record.CampaignIdentity;
import io.frontier.store.view.PruningMapSummary;
import io.frontier.store.view.PruningMapView;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The campaign's shared SymCC pruning map and its policy in the store, run against every
 * key-value backend by a few-line subclass; each test creates a campaign of its own.
 */
public abstract class PruningConformance {

    static final double T0 = 4_000_000.0;

    protected KeyValueStore kv;
    protected CampaignKeys keys;
    protected CampaignStore store;
    protected long epoch;

    /** A store for one test; closed after it. */
    protected abstract KeyValueStore openStore() throws Exception;

    private void create(PruningPolicy pruning) throws Exception {
        kv = openStore();
        keys = TestKeyspace.campaign("pruning-" + UUID.randomUUID());
        store = new CampaignStore(kv, keys);
        epoch = store.init(CampaignConfig.of("pruning", 8, 3), CampaignIdentity.of(CampaignIdentity.newId(), null),
                null, pruning, "job-1", T0).epoch();
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

    /** A map with {@code bits} set. */
    private static PruningMap withBits(int... bits) {
        byte[] file = new byte[PruningMap.BYTES];
        for (int bit : bits) {
            file[bit >>> 3] |= (byte) (1 << (bit & 7));
        }
        return PruningMap.of(file);
    }

    private PruningMapSummary stored() {
        return new PruningMapView(kv, keys).read();
    }

    @Test
    void aCampaignKeepsThePruningPolicyItWasCreatedWith() throws Exception {
        create(PruningPolicy.of(PruningSharing.SHARED));
        assertThat(store.pruningPolicy()).isEqualTo(PruningPolicy.SHARED);

        store.init(CampaignConfig.of("pruning", 8, 3), store.identity(), null, PruningPolicy.BEFORE_SHARING, "job-1", T0);

        assertThat(store.pruningPolicy().shared()).as("a repeated creation changes nothing").isTrue();
    }

    @Test
    void aCampaignCreatedWithoutAPolicyKeepsAMapPerWorker() throws Exception {
        create(null);

        assertThat(store.pruningPolicy()).isEqualTo(PruningPolicy.BEFORE_SHARING);
        assertThat(store.pruningPolicy().shared()).isFalse();
    }

    @Test
    void mapsMergedByTwoCoordinatorsReadBackAsTheirUnionAndAMergeRepeatedChangesNothing() throws Exception {
        create(PruningPolicy.SHARED);
        PruningMap first = withBits(3, 40_000, PruningMap.BYTES * 8 - 1);
        PruningMap second = withBits(3, 17);

        store.mergePruning(epoch, first);
        store.mergePruning(epoch, second);
        List<String> once = dump(kv, keys.pruningMap());
        store.mergePruning(epoch, first);

        assertThat(stored().map()).isEqualTo(first.or(second));
        assertThat(stored().blocked()).isEmpty();
        assertThat(dump(kv, keys.pruningMap())).isEqualTo(once);
    }

    @Test
    void aMergeWritesOnlyTheShardsWhereItHasBitsAtFullWidth() throws Exception {
        create(PruningPolicy.SHARED);
        int inShardFive = 5 * PruningMap.SHARD_BYTES * 8 + 12;

        store.mergePruning(epoch, withBits(inShardFive));
        store.mergePruning(epoch, PruningMap.empty());

        assertThat(stored().shards()).isEqualTo(1);
        byte[] shard = kv.read(tx -> tx.get(keys.pruning(5)));
        assertThat(shard).hasSize(PruningMap.SHARD_BYTES);
        assertThat(shard[1]).isEqualTo((byte) 0b10000);
        byte[] untouched = kv.read(tx -> tx.get(keys.pruning(0)));
        assertThat(untouched).as("a shard without bits is not written").isNull();
    }

    @Test
    void aJobFencedOffCanNoLongerAddBits() throws Exception {
        create(PruningPolicy.SHARED);
        store.mergePruning(epoch, withBits(1));
        store.bumpEpoch(epoch, "job-2", T0 + 1);

        assertThatThrownBy(() -> store.mergePruning(epoch, withBits(2))).isInstanceOf(StaleEpochException.class);

        assertThat(stored().map()).isEqualTo(withBits(1));
    }

    @Test
    void aDamagedShardIsReportedAndLeftOutOfTheUnion() throws Exception {
        create(PruningPolicy.SHARED);
        store.mergePruning(epoch, withBits(1, PruningMap.SHARD_BYTES * 8 + 1));
        kv.run(tx -> {
            tx.set(keys.pruning(1), new byte[] {1, 2, 3});
            return null;
        });

        PruningMapSummary summary = stored();

        assertThat(summary.map()).isEqualTo(withBits(1));
        assertThat(summary.blocked()).hasSize(1);
        assertThat(summary.blocked().get(0).problem()).hasMessageContaining("pruning map shard is not of the shard width");
    }
}
