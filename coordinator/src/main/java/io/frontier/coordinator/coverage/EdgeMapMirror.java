package io.frontier.coordinator.coverage;

import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.campaign.Counts;
import io.frontier.store.coverage.EdgeMapCopy;
import io.frontier.store.exploration.Exploration;
import io.frontier.store.exploration.ExplorationPolicy;
import io.frontier.store.exploration.Tier;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.view.EdgeMapView;
import io.frontier.store.wire.EdgeMapDelta;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * This coordinator's copy of the campaign's edge map, read from the store about once a second,
 * and each of its workers' copies as far as it has sent them: every ASSIGN carries the shards that
 * changed since the worker's last one ({@link EdgeMapDelta}), and whether a redundant child would
 * be kept now (with tiers, while tier 1 has room under the cap), so that a worker need not stage
 * one that would only be dropped.
 *
 * <p>Measured with the coordinator benchmark: children that reach nothing new, nine in ten, cost
 * the coordinator as much as kept ones, for their coverage alone (decoding it, walking the map in
 * the commit decision) and their staged files. A worker that judges them by its copy sends
 * neither. Not thread-safe: owned by the coordinator's loop.
 */
public final class EdgeMapMirror {

    /** How often the copy is read again from the store: what other coordinators admitted shows up then. */
    static final long REFRESH_MILLIS = 1000;

    private final EdgeMapView view;
    private final CampaignStore store;
    private final ExplorationPolicy policy;
    private final EdgeMapCopy copy = new EdgeMapCopy();
    /** For each shard, the version at which it last changed here; 0 if it never did. */
    private final long[] changedAt = new long[EdgeMapCopy.SHARDS];
    /** The version of this copy: how many refreshes changed it. */
    private long version;
    /** The version each worker's copy is up to, by worker rank; absent: none sent yet. */
    private final Map<Integer, Long> sent = new HashMap<>();
    private boolean keepRedundant = true;
    private long nextRefresh;

    public EdgeMapMirror(EdgeMapView view, CampaignStore store, ExplorationPolicy policy) {
        this.view = view;
        this.store = store;
        this.policy = policy;
    }

    /**
     * Reads the map and the lower tiers' counters from the store if a second has passed since
     * the last read: every shard that gained bits moves to a new version.
     */
    public void refreshIfDue(long nowMillis) {
        if (nowMillis < nextRefresh) {
            return;
        }
        nextRefresh = nowMillis + REFRESH_MILLIS;
        List<Integer> changed = new ArrayList<>();
        view.forEachShard((number, bytes) -> {
            if (number < EdgeMapCopy.SHARDS && copy.merge(number, bytes)) {
                changed.add(number);
            }
        });
        if (!changed.isEmpty()) {
            version++;
            changed.forEach(number -> changedAt[number] = version);
        }
        keepRedundant = keeps(store.counts());
    }

    /**
     * What {@code worker}'s copy lacks: every shard changed since the version last sent to it, and
     * whether a redundant child would be kept now. The worker's copy counts as up to date from now
     * on, since ASSIGNs reach it in the order sent.
     */
    public EdgeMapDelta deltaFor(int worker) {
        long known = sent.getOrDefault(worker, 0L);
        List<EdgeMapDelta.Shard> shards = new ArrayList<>();
        if (known < version) {
            for (int number = 0; number < EdgeMapCopy.SHARDS; number++) {
                if (changedAt[number] > known) {
                    shards.add(EdgeMapDelta.Shard.of(number, copy.shard(number)));
                }
            }
        }
        sent.put(worker, version);
        return new EdgeMapDelta(version, shards, keepRedundant);
    }

    /**
     * Whether a child redundant on arrival would be kept: always in a closure (which keeps every
     * child), never under novelty, and with tiers while the lower tiers have room under both caps.
     */
    private boolean keeps(Counts counts) {
        if (policy.mode() == Exploration.CLOSURE) {
            return true;
        }
        if (policy.mode() == Exploration.NOVELTY) {
            return false;
        }
        long items = 0;
        for (int tier = Tier.NEW_COVERAGE + 1; tier <= Tier.LOWEST; tier++) {
            items += counts.get(Counter.pendingIn(tier));
        }
        return items < policy.capItems() && counts.get(Counter.TIERED_BYTES) < policy.capBytes();
    }
}
