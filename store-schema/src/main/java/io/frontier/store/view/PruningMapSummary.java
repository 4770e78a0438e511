package io.frontier.store.view;

import io.frontier.store.campaign.Blocked;
import io.frontier.store.pruning.PruningMap;
import java.util.List;

/**
 * The campaign's shared SymCC pruning map at one moment.
 *
 * @param map the union of every map merged so far, without the shards that could not be read
 * @param shards stored shards read (a shard exists once a bit in it was merged)
 * @param blocked shards that could not be read and are left out of {@code map}
 */
public record PruningMapSummary(PruningMap map, int shards, List<Blocked> blocked) {

    public PruningMapSummary {
        blocked = List.copyOf(blocked);
    }
}
