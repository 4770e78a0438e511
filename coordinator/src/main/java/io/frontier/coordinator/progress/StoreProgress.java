package io.frontier.coordinator.progress;

import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.campaign.Counts;
import io.frontier.store.exploration.Tier;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.record.Owner;
import io.frontier.store.view.EdgeMapTally;
import io.frontier.store.view.ExecutorTallies;
import io.frontier.store.view.ExecutorTally;
import io.frontier.store.view.ExecutorTallyView;
import io.frontier.store.view.Load;
import io.frontier.store.view.LoadView;
import io.frontier.store.view.Loads;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Reads a {@link ProgressSnapshot} from the store: the counters, the edge map, the load of this
 * job's coordinators and the executor counts, each a snapshot read of a few keys (a few per
 * executor kind and coordinator for the executor counts), and of at most 1 MiB of edge map after
 * the first: an {@link EdgeMapTally} re-reads one part of the map per line (AFL++'s default map,
 * 64 KiB, whole), so the edges shown may lag a large map by a few lines, never run ahead of it.
 * Not thread-safe: one caller, root's loop.
 */
public final class StoreProgress implements Supplier<ProgressSnapshot> {

    private final CampaignStore store;
    private final EdgeMapTally edges;
    private final LoadView loads;
    private final ExecutorTallyView tallies;
    private final Map<Owner, Integer> coordinators;

    /** @param coordinators this job's coordinators: the owner each commits under, and its rank */
    public StoreProgress(CampaignStore store, KeyValueStore kv, Map<Owner, Integer> coordinators) {
        this.store = store;
        this.edges = new EdgeMapTally(kv, store.keys());
        this.loads = new LoadView(kv, store.keys());
        this.tallies = new ExecutorTallyView(kv, store.keys());
        this.coordinators = Map.copyOf(coordinators);
    }

    @Override
    public ProgressSnapshot get() {
        Counts counts = store.counts();
        Map<Integer, Long> load = new HashMap<>();
        Loads everyJob = loads.read();
        for (Load owner : everyJob.loads()) {
            Integer rank = coordinators.get(owner.owner());
            if (rank != null) {
                load.put(rank, owner.executions());
            }
        }
        List<Long> tiers = new ArrayList<>();
        long lower = 0;
        for (int tier = Tier.NEW_COVERAGE + 1; tier <= Tier.LOWEST; tier++) {
            tiers.add(counts.get(Counter.pendingIn(tier)));
            lower += counts.get(Counter.pendingIn(tier));
        }
        tiers.add(Tier.NEW_COVERAGE, counts.get(Counter.PENDING) - lower);
        ExecutorTallies tallies = this.tallies.read();
        ExecutorTally all = tallies.total();
        return new ProgressSnapshot(everyJob.total(), counts.get(Counter.DONE), counts.get(Counter.PENDING), tiers,
                counts.get(Counter.LEASED) + counts.get(Counter.COMMITTING), edges.read().edges(),
                counts.get(Counter.FINDINGS), counts.get(Counter.INVALID), all.children(), all.redundant() + all.knownBefore(),
                tallies.totalOf(coordinators.keySet()).executionMillis(), load);
    }
}
