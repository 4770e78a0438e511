package io.frontier.coordinator.progress;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.campaign.CommitRequest;
import io.frontier.store.campaign.Lease;
import io.frontier.store.campaign.Promotion;
import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.corpus.Digest;
import io.frontier.store.coverage.Coverage;
import io.frontier.store.exploration.ExplorationPolicy;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.KeyValueStores;
import io.frontier.store.record.CampaignConfig;
import io.frontier.store.record.CampaignIdentity;
import io.frontier.store.record.Owner;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.WorkPayload;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.wire.Execution;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The progress line's reading of a real SQLite store of a campaign with tiers. */
class StoreProgressTest {

    private static final double T0 = 1_000_000.0;
    /** A coordinator of this job. */
    private static final Owner ROOT = Owner.of("epoch-2/rank-0");
    /** A coordinator of an earlier job. */
    private static final Owner EARLIER = Owner.of("epoch-1/rank-0");

    @TempDir
    Path dir;

    private KeyValueStore kv;
    private CampaignStore store;
    private long epoch;

    @BeforeEach
    void create() {
        kv = KeyValueStores.open("sqlite:" + dir.resolve("store.db"));
        store = new CampaignStore(kv, CampaignKeys.forCampaign("progress"));
        epoch = store.init(CampaignConfig.of("progress", 4, 3), CampaignIdentity.of(CampaignIdentity.newId(), null),
                ExplorationPolicy.DEFAULT, "job-1", T0).epoch();
    }

    @AfterEach
    void close() {
        kv.close();
    }

    private static Digest idOf(String name) {
        return ContentHasher.hash(name.getBytes(StandardCharsets.UTF_8)).digest();
    }

    private WorkRecord claimed(String seed, Owner owner) {
        store.admitSeed(epoch, new WorkPayload(idOf(seed), seed.length()));
        WorkRecord record = store.claim(epoch, owner, Set.of(), 1, T0, 30).granted().get(0);
        assertThat(record.id()).isEqualTo(idOf(seed));
        return record;
    }

    private static DeclaredChild reachingEdgeOne(String name) {
        return new DeclaredChild(idOf(name), name.length(), Coverage.of(new int[] {Coverage.tuple(1, 1)}), null);
    }

    @Test
    void pendingPerTierChildrenAndTheExecutionTimeOfThisJobsCoordinators() {
        WorkRecord earlier = claimed("earlier seed", EARLIER);
        store.beginCommit(epoch, new CommitRequest(new Lease(earlier.id(), earlier.token()), ResultId.random(),
                ".stage-1/3/a", List.of(), new Execution("command", "ok", 0, false, 300, false), null), T0);
        WorkRecord seed = claimed("seed", ROOT);
        ResultId result = ResultId.random();
        store.beginCommit(epoch, new CommitRequest(new Lease(seed.id(), seed.token()), result, ".stage-1/3/b",
                List.of(reachingEdgeOne("new"), reachingEdgeOne("same"), DeclaredChild.untriaged(earlier.id(), "earlier seed".length())),
                new Execution("command", "ok", 0, false, 700, false), null), T0);
        store.markPromoted(epoch, List.of(new Promotion(seed.id(), result, 0), new Promotion(seed.id(), result, 1),
                new Promotion(seed.id(), result, 2)));
        store.complete(epoch, seed.id(), result, T0);

        ProgressSnapshot snapshot = new StoreProgress(store, kv, Map.of(ROOT, 0)).get();

        assertThat(snapshot.pending()).isEqualTo(2);
        assertThat(snapshot.pendingByTier()).as("\"same\" reached nothing new: tier 1").containsExactly(1L, 1L, 0L, 0L);
        assertThat(snapshot.children()).isEqualTo(3);
        assertThat(snapshot.redundant()).as("\"same\", and the earlier seed declared again").isEqualTo(2);
        assertThat(snapshot.executionMillis()).as("this job's coordinator only").isEqualTo(700);
        assertThat(snapshot.load()).containsExactly(Map.entry(0, 1L));
    }
}
