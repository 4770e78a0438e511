package io.frontier.store.view;

import io.frontier.store.campaign.Blocked;
import io.frontier.store.error.CorruptRecordException;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.KeyRange;
import io.frontier.store.kv.KeyValue;
import io.frontier.store.kv.KeyValueStore;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The edge map's totals for a caller that asks for them again and again, such as root's progress
 * line. The first {@link #read} reads the whole map as {@link EdgeMapView#read} does; each later
 * one reads at most {@link EdgeMapView#SHARDS_PER_READ} shards, in one snapshot, from where the
 * previous call stopped, starting over at the first shard after the last, and answers from what
 * it holds for the shards it did not read this time.
 *
 * <p>Invariant: the map only ever gains bits, so what this tally holds for a shard is at most
 * what the store holds now, and its totals, never above the store's, have caught up with the map
 * as it was at any moment within {@code ceil(shards / SHARDS_PER_READ)} calls after it. AFL++'s
 * default map (16 shards) is read whole by every call. Not thread-safe: one caller.
 */
public final class EdgeMapTally {

    private static final HexFormat HEX = HexFormat.of();

    private final KeyValueStore kv;
    private final CampaignKeys keys;
    /** What each shard read so far held, by hex key (hex sorts as the keys' bytes do). */
    private final Map<String, ShardCount> counted = new TreeMap<>();
    /** Why each shard read so far that could not be counted could not, by hex key. */
    private final Map<String, Blocked> blocked = new TreeMap<>();
    /** The last key the previous read took; null to start at the first shard. */
    private byte[] after;
    /** Whether the whole map has been read once. */
    private boolean started;

    public EdgeMapTally(KeyValueStore kv, CampaignKeys keys) {
        this.kv = kv;
        this.keys = keys;
    }

    /** The totals after reading the whole map (first call) or its next part (later calls). */
    public EdgeMapSummary read() {
        if (!started) {
            started = true;
            EdgeMapSummary summary;
            do {
                summary = readNext();
            } while (after != null);
            return summary;
        }
        return readNext();
    }

    private EdgeMapSummary readNext() {
        KeyRange whole = keys.edgeMap();
        KeyRange range = after == null ? whole : whole.after(after);
        List<KeyValue> pairs = kv.read(tx -> tx.getRange(range.begin(), range.end(), EdgeMapView.SHARDS_PER_READ, false));
        boolean wrapped = pairs.size() < EdgeMapView.SHARDS_PER_READ;
        // Forget what this read covered, shards gone from the store included, then refill it.
        String from = HEX.formatHex(range.begin());
        String last = wrapped ? null : HEX.formatHex(pairs.get(pairs.size() - 1).key());
        counted.keySet().removeIf(key -> key.compareTo(from) >= 0 && (last == null || key.compareTo(last) <= 0));
        blocked.keySet().removeIf(key -> key.compareTo(from) >= 0 && (last == null || key.compareTo(last) <= 0));
        for (KeyValue pair : pairs) {
            String key = HEX.formatHex(pair.key());
            try {
                counted.put(key, ShardCount.of(keys, pair));
            } catch (CorruptRecordException e) {
                blocked.put(key, new Blocked(key, e));
            }
        }
        after = wrapped ? null : pairs.get(pairs.size() - 1).key();
        long edges = 0;
        long tuples = 0;
        for (ShardCount count : counted.values()) {
            edges += count.edges();
            tuples += count.tuples();
        }
        return new EdgeMapSummary(counted.size(), edges, tuples, new ArrayList<>(blocked.values()));
    }
}
