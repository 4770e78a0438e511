package io.frontier.coordinator.bench;

import io.frontier.coordinator.admission.AuditScope;
import io.frontier.coordinator.admission.CorpusAudit;
import io.frontier.coordinator.commit.Checkpoints;
import io.frontier.coordinator.commit.CommitChain;
import io.frontier.coordinator.commit.EntryFinisher;
import io.frontier.coordinator.coverage.EdgeMapMirror;
import io.frontier.coordinator.progress.StoreProgress;
import io.frontier.coordinator.pruning.SharedPruning;
import io.frontier.coordinator.rank.CoordinatorServices;
import io.frontier.coordinator.rejection.InvalidResultHandler;
import io.frontier.coordinator.replay.Replay;
import io.frontier.coordinator.replay.StageJanitor;
import io.frontier.coordinator.stop.StopRequests;
import io.frontier.coordinator.validation.ResultValidator;
import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.campaign.ItemResult;
import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.corpus.Digest;
import io.frontier.store.corpus.ObjectDirectory;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import io.frontier.store.exploration.ExplorationPolicy;
import io.frontier.store.keyspace.Buckets;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.KeyRange;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.KeyValueStores;
import io.frontier.store.kv.MeteredStore;
import io.frontier.store.record.CampaignConfig;
import io.frontier.store.record.CampaignIdentity;
import io.frontier.store.record.Owner;
import io.frontier.store.record.WorkPayload;
import io.frontier.store.view.EdgeMapView;
import io.frontier.store.view.PruningMapView;
import io.frontier.worker.fault.FaultPlan;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A campaign for the coordinator benchmark: a directory with its public corpus, and the campaign's
 * records in a store (an SQLite file in the directory, or a FoundationDB cluster under a campaign
 * name of its own). Builds each coordinator rank's services as a rank process builds them, each
 * over a connection of its own to the store.
 */
final class BenchCampaign implements AutoCloseable {

    /** The settings {@code frontier init} gives a campaign unless told otherwise. */
    static final int BUCKETS = 64;
    private static final int MAX_ATTEMPTS = 3;
    static final String EXECUTOR = "command";

    private final Path directory;
    private final String storeUrl;
    private final CampaignKeys keys;
    private final CorpusLayout layout;
    private final KeyValueStore kv;
    private final CampaignStore store;
    private final List<KeyValueStore> rankStores = new ArrayList<>();
    private final List<Fsync> rankFsyncs = new ArrayList<>();
    /** The coordinators' stores of every job so far, metered; their stores are closed through rankStores. */
    private final List<MeteredStore> meteredStores = new ArrayList<>();
    private long epoch;

    private BenchCampaign(Path directory, String storeUrl, String name, ExplorationPolicy policy) {
        this.directory = directory;
        this.storeUrl = storeUrl;
        this.keys = CampaignKeys.forCampaign(name);
        this.layout = new CorpusLayout(directory);
        layout.createCorpus(new DurableFiles(new Fsync()));
        this.kv = KeyValueStores.open(storeUrl);
        this.store = new CampaignStore(kv, keys, List.of(EXECUTOR));
        this.epoch = store.init(CampaignConfig.of(name, BUCKETS, MAX_ATTEMPTS),
                CampaignIdentity.of(CampaignIdentity.newId(), null), policy, "bench-job-1", now()).epoch();
    }

    /** Creates the campaign {@code name} in {@code directory}, its records in the store {@code storeUrl} names. */
    static BenchCampaign create(Path directory, String storeUrl, String name, ExplorationPolicy policy) {
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException("campaign directory " + directory + " cannot be created", e);
        }
        return new BenchCampaign(directory, storeUrl, name, policy);
    }

    CorpusLayout layout() {
        return layout;
    }

    CampaignStore store() {
        return store;
    }

    long epoch() {
        return epoch;
    }

    /**
     * Publishes {@code count} seeds into the corpus and admits them as work. The corpus files are
     * written without fsync: setting up is not measured, and a seed's file holds the same bytes
     * under the same name either way.
     */
    void admitSeeds(int count) {
        List<WorkPayload> batch = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                byte[] bytes = ("bench seed " + i + "\n").getBytes(StandardCharsets.US_ASCII);
                Digest digest = ContentHasher.hash(bytes).digest();
                Files.write(layout.corpus().resolve(digest.hex()), bytes);
                batch.add(new WorkPayload(digest, bytes.length));
                if (batch.size() == CampaignStore.MAX_BATCH || i == count - 1) {
                    store.admit(epoch, batch).forEach(ItemResult::orThrow);
                    batch.clear();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("seed cannot be written into " + layout.corpus(), e);
        }
    }

    /** Fences the last job off, as {@code frontier resume} does, and returns the next job's epoch. */
    long nextJob() {
        epoch = store.bumpEpoch(epoch, "bench-job-" + (epoch + 1), now()).epoch();
        return epoch;
    }

    /** The owner coordinator {@code rank} of this epoch's job leases and commits under. */
    Owner ownerOf(int rank) {
        return Owner.of("epoch-" + epoch + "/rank-" + rank);
    }

    /** The ready-index buckets coordinator {@code rank} of {@code coordinators} looks in first. */
    static Set<Integer> ownBuckets(int rank, int coordinators) {
        List<String> names = new ArrayList<>();
        for (int coordinator = 0; coordinator < coordinators; coordinator++) {
            names.add("rank-" + coordinator);
        }
        return Buckets.ownedBy("rank-" + rank, names, BUCKETS);
    }

    /** Coordinator {@code rank}'s services for this epoch's job, over a store connection of its own. */
    CoordinatorServices services(int rank, int coordinators) {
        KeyValueStore opened = KeyValueStores.open(storeUrl);
        rankStores.add(opened);
        MeteredStore rankKv = new MeteredStore(opened);
        meteredStores.add(rankKv);
        CampaignStore rankStore = new CampaignStore(rankKv, keys, List.of(EXECUTOR));
        Fsync fsync = new Fsync();
        rankFsyncs.add(fsync);
        DurableFiles files = new DurableFiles(fsync);
        ObjectDirectory corpus = new ObjectDirectory(layout.corpus(), files);
        Map<Owner, Integer> owners = new HashMap<>();
        for (int coordinator = 0; coordinator < coordinators; coordinator++) {
            owners.put(ownerOf(coordinator), coordinator);
        }
        return new CoordinatorServices(rankStore, corpus, null, new ResultValidator(layout),
                new CommitChain(rankStore, layout, files, Checkpoints.NONE),
                new InvalidResultHandler(rankStore, layout, files),
                new Replay(rankStore, new EntryFinisher(rankStore, layout, files, Checkpoints.NONE)),
                new StageJanitor(rankStore, layout, files), new CorpusAudit(layout.corpus(), rankKv, rankStore, AuditScope.AUTO),
                FaultPlan.NONE, new StoreProgress(rankStore, rankKv, owners), StopRequests.NONE,
                SharedPruning.open(rankStore, new PruningMapView(rankKv, keys), epoch, Set.of()),
                new EdgeMapMirror(new EdgeMapView(rankKv, keys), rankStore, rankStore.exploration()));
    }

    /** The fsyncs the corpus code of every coordinator built so far has made. */
    long corpusFsyncs() {
        return rankFsyncs.stream().mapToLong(Fsync::count).sum();
    }

    /** What the coordinators built so far have asked of their store. */
    StoreTraffic storeTraffic() {
        return StoreTraffic.of(meteredStores);
    }

    /** Closes the connections of the coordinators of the last job. */
    void endJob() {
        rankStores.forEach(KeyValueStore::close);
        rankStores.clear();
    }

    /** Removes every record of this campaign from its store: for a FoundationDB cluster that outlives the run. */
    void clearRecords() {
        KeyRange all = keys.all();
        kv.run(tx -> {
            tx.clearRange(all.begin(), all.end());
            return null;
        });
    }

    Path directory() {
        return directory;
    }

    @Override
    public void close() {
        endJob();
        kv.close();
    }

    static double now() {
        return System.currentTimeMillis() / 1000.0;
    }
}
