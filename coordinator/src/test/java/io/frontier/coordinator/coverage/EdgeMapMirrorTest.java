package io.frontier.coordinator.coverage;

import static io.frontier.coordinator.CampaignFixture.T0;
import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.coordinator.CampaignFixture;
import io.frontier.store.campaign.CommitRequest;
import io.frontier.store.campaign.Lease;
import io.frontier.store.coverage.Coverage;
import io.frontier.store.coverage.EdgeMap;
import io.frontier.store.coverage.EdgeMapCopy;
import io.frontier.store.exploration.Exploration;
import io.frontier.store.exploration.ExplorationPolicy;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.view.EdgeMapView;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.wire.EdgeMapDelta;
import io.frontier.store.wire.Execution;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EdgeMapMirrorTest {

    private static final Execution RAN = new Execution("command", "ok", 0, false, 5, false);

    @TempDir
    Path directory;

    private CampaignFixture campaign;

    @AfterEach
    void close() {
        campaign.close();
    }

    @Test
    void eachWorkerIsSentEveryShardThatChangedSinceItsLastAssignOnceAndNoOtherShard() {
        campaign = new CampaignFixture(directory, ExplorationPolicy.DEFAULT, null);
        EdgeMapMirror mirror = mirror(ExplorationPolicy.DEFAULT);
        mirror.refreshIfDue(0);
        assertThat(mirror.deltaFor(1).shards()).as("an empty map").isEmpty();

        int edgeInShardTwo = 2 * EdgeMap.SHARD_BYTES + 9;
        admit("first", Coverage.tuple(5, 1), Coverage.tuple(edgeInShardTwo, 3));
        mirror.refreshIfDue(EdgeMapMirror.REFRESH_MILLIS);
        EdgeMapDelta toOne = mirror.deltaFor(1);
        EdgeMapDelta toTwo = mirror.deltaFor(2);

        assertThat(toOne.shards()).extracting(EdgeMapDelta.Shard::number).containsExactly(0, 2);
        assertThat(toTwo.shards()).extracting(EdgeMapDelta.Shard::number).containsExactly(0, 2);
        EdgeMapCopy copy = new EdgeMapCopy();
        toOne.shards().forEach(shard -> copy.merge(shard.number(), shard.bytes()));
        assertThat(copy.covers(Coverage.of(new int[] {Coverage.tuple(5, 1), Coverage.tuple(edgeInShardTwo, 3)})))
                .isTrue();
        assertThat(copy.covers(Coverage.of(new int[] {Coverage.tuple(5, 2)}))).isFalse();
        assertThat(mirror.deltaFor(1).shards()).as("nothing new since").isEmpty();

        admit("second", Coverage.tuple(edgeInShardTwo, 1));
        mirror.refreshIfDue(EdgeMapMirror.REFRESH_MILLIS / 2);
        assertThat(mirror.deltaFor(1).shards()).as("not read again within a second").isEmpty();
        mirror.refreshIfDue(3 * EdgeMapMirror.REFRESH_MILLIS);
        assertThat(mirror.deltaFor(1).shards()).extracting(EdgeMapDelta.Shard::number).containsExactly(2);
        assertThat(mirror.deltaFor(3).shards()).as("a worker sent nothing yet gets every shard")
                .extracting(EdgeMapDelta.Shard::number).containsExactly(0, 2);
    }

    @Test
    void redundantChildrenAreKeptWhileTheLowerTiersHaveRoomAndNeverUnderNovelty() {
        campaign = new CampaignFixture(directory, ExplorationPolicy.DEFAULT, null);
        EdgeMapMirror tiers = mirror(ExplorationPolicy.DEFAULT.withCap(1, 1_000));
        tiers.refreshIfDue(0);
        assertThat(tiers.deltaFor(1).keepRedundant()).isTrue();
        EdgeMapMirror full = mirror(ExplorationPolicy.DEFAULT.withCap(0, 1_000));
        full.refreshIfDue(0);
        assertThat(full.deltaFor(1).keepRedundant()).isFalse();
        EdgeMapMirror novelty = mirror(ExplorationPolicy.DEFAULT.withMode(Exploration.NOVELTY));
        novelty.refreshIfDue(0);
        assertThat(novelty.deltaFor(1).keepRedundant()).isFalse();
        EdgeMapMirror closure = mirror(ExplorationPolicy.DEFAULT.withMode(Exploration.CLOSURE).withCap(0, 0));
        closure.refreshIfDue(0);
        assertThat(closure.deltaFor(1).keepRedundant()).isTrue();
    }

    private EdgeMapMirror mirror(ExplorationPolicy policy) {
        return new EdgeMapMirror(new EdgeMapView(campaign.kv, campaign.store.keys()), campaign.store, policy);
    }

    /** Commits a child of a new seed {@code name} that reached {@code tuples}: they join the store's map. */
    private void admit(String name, int... tuples) {
        WorkRecord seed = campaign.seedAndClaim(name);
        DeclaredChild child = new DeclaredChild(CampaignFixture.idOf(name + " child"), 5, Coverage.of(tuples), null);
        campaign.store.beginCommit(campaign.epoch, new CommitRequest(new Lease(seed.id(), seed.token()),
                ResultId.random(), ".stage-1/3/x", List.of(child), RAN, null), T0);
    }
}
