package io.frontier.store.view;

import io.frontier.store.campaign.Blocked;
import io.frontier.store.error.CorruptRecordException;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.KeyRange;
import io.frontier.store.kv.KeyValue;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.ReadTransaction;
import io.frontier.store.pruning.PruningMap;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The campaign's shared SymCC pruning map, read whole: the union of every map merged so far.
 * See the package rule: snapshot reads only. The map is one range of at most
 * {@link PruningMap#SHARDS} values of {@link PruningMap#SHARD_BYTES} bytes (128 KiB in all),
 * read in one transaction. Stateless and thread-safe.
 */
public final class PruningMapView {

    private static final HexFormat HEX = HexFormat.of();

    private final KeyValueStore kv;
    private final CampaignKeys keys;

    public PruningMapView(KeyValueStore kv, CampaignKeys keys) {
        this.kv = kv;
        this.keys = keys;
    }

    /**
     * The map as of one snapshot. A shard whose key cannot be decoded, or whose value is not
     * {@link PruningMap#SHARD_BYTES} long (every merge writes that width, so it was damaged), is
     * reported blocked and left out of the map.
     */
    public PruningMapSummary read() {
        return kv.read(this::union);
    }

    private PruningMapSummary union(ReadTransaction tx) {
        KeyRange range = keys.pruningMap();
        Map<Integer, byte[]> shards = new TreeMap<>();
        List<Blocked> blocked = new ArrayList<>();
        for (KeyValue pair : tx.getRange(range.begin(), range.end(), ReadTransaction.UNLIMITED, false)) {
            try {
                int shard = keys.decodePruning(pair.key());
                if (pair.value().length != PruningMap.SHARD_BYTES) {
                    throw new CorruptRecordException("pruning map shard is not of the shard width")
                            .with("key", HEX.formatHex(pair.key())).with("length", pair.value().length)
                            .with("width", PruningMap.SHARD_BYTES);
                }
                shards.put(shard, pair.value());
            } catch (CorruptRecordException e) {
                blocked.add(new Blocked(HEX.formatHex(pair.key()), e));
            }
        }
        return new PruningMapSummary(PruningMap.ofShards(shards), shards.size(), blocked);
    }
}
