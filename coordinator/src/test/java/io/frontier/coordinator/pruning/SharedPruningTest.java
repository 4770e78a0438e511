package io.frontier.coordinator.pruning;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.coordinator.CampaignFixture;
import io.frontier.store.pruning.PruningMap;
import io.frontier.store.pruning.PruningPolicy;
import io.frontier.store.view.PruningMapView;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Coordinators' copies of the shared pruning map over one real SQLite store. */
class SharedPruningTest {

    @TempDir
    Path directory;

    private CampaignFixture campaign;

    @AfterEach
    void close() {
        campaign.close();
    }

    private static PruningMap withBits(int... bits) {
        byte[] file = new byte[PruningMap.BYTES];
        for (int bit : bits) {
            file[bit >>> 3] |= (byte) (1 << (bit & 7));
        }
        return PruningMap.of(file);
    }

    private SharedPruning coordinator() {
        return SharedPruning.open(campaign.store, view(), campaign.epoch, Set.of("symcc"));
    }

    private PruningMapView view() {
        return new PruningMapView(campaign.kv, campaign.store.keys());
    }

    @Test
    void onlyWorkersOfAnExecutorThatKeepsAMapAreHandedTheUnion() {
        campaign = new CampaignFixture(directory, PruningPolicy.SHARED);
        SharedPruning pruning = coordinator();
        pruning.absorb(withBits(4));

        assertThat(pruning.forKind("symcc")).isEqualTo(withBits(4));
        assertThat(pruning.forKind("afl")).isNull();
    }

    @Test
    void bitsOneCoordinatorAbsorbedReachAnotherThroughTheStoreAtItsNextSynchronisation() {
        campaign = new CampaignFixture(directory, PruningPolicy.SHARED);
        SharedPruning first = coordinator();
        SharedPruning second = coordinator();
        second.syncIfDue(0);

        first.absorb(withBits(4, 1_000_000));
        first.syncIfDue(0);
        second.syncIfDue(SharedPruning.SYNC_INTERVAL.toMillis() - 1);
        PruningMap beforeItsTurn = second.forKind("symcc");
        second.syncIfDue(SharedPruning.SYNC_INTERVAL.toMillis());

        assertThat(beforeItsTurn.isEmpty()).as("no read before the interval is up").isTrue();
        assertThat(second.forKind("symcc")).isEqualTo(withBits(4, 1_000_000));
        assertThat(view().read().map()).isEqualTo(withBits(4, 1_000_000));
        assertThat(coordinator().forKind("symcc")).as("a coordinator of a later job starts from the store")
                .isEqualTo(withBits(4, 1_000_000));
    }

    @Test
    void absorbingKeepsTheUnionsBitsAndAHandedMapOnlyGains() {
        campaign = new CampaignFixture(directory, PruningPolicy.SHARED);
        SharedPruning pruning = coordinator();

        pruning.absorb(withBits(1, 2));
        PruningMap handed = pruning.forKind("symcc");
        pruning.absorb(withBits(2));
        pruning.absorb(null);

        assertThat(pruning.forKind("symcc")).as("nothing new: the same map, encoded once").isSameAs(handed);
        pruning.absorb(withBits(3));
        assertThat(pruning.forKind("symcc")).isEqualTo(withBits(1, 2, 3));
        pruning.flush();
        assertThat(view().read().map()).isEqualTo(withBits(1, 2, 3));
    }

    @Test
    void aCampaignWithAMapPerWorkerHandsOutNothingAndStoresNothing() {
        campaign = new CampaignFixture(directory);
        SharedPruning pruning = coordinator();

        pruning.absorb(withBits(5));
        pruning.syncIfDue(0);
        pruning.flush();

        assertThat(pruning.forKind("symcc")).isNull();
        assertThat(view().read().shards()).isZero();
    }
}
