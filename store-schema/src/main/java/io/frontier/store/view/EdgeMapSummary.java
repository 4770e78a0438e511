package io.frontier.store.view;

import io.frontier.store.campaign.Blocked;
import java.util.List;

/**
 * The campaign's edge map at one moment.
 *
 * @param shards stored shards counted (a shard exists once anything was merged into it)
 * @param edges edges some kept input reached: bytes of the map that are not 0
 * @param tuples (edge, hit-count bucket) pairs reached: bits of the map that are set
 * @param blocked shards that could not be read and are not counted
 */
public record EdgeMapSummary(int shards, long edges, long tuples, List<Blocked> blocked) {

    public EdgeMapSummary {
        blocked = List.copyOf(blocked);
    }
}
