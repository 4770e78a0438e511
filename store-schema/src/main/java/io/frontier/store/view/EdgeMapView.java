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

/**
 * The campaign's edge map, read for operators and reports: how many edges the kept inputs have
 * reached and how many (edge, hit-count bucket) tuples. See the package rule: snapshot reads
 * only. The whole map is at most {@link CampaignKeys#EDGE_SHARDS} values of
 * {@link CampaignKeys#EDGE_SHARD_BYTES} bytes, 8 MiB, read {@link #SHARDS_PER_READ} shards per
 * snapshot (AFL++'s default map of 65536 edges is 16 shards, one read). The map only ever gains
 * bits, so totals summed over several snapshots lie between the map as it was when the first was
 * taken and as it was when the last was. A caller that asks again and again keeps an
 * {@link EdgeMapTally} instead. Stateless and thread-safe.
 */
public final class EdgeMapView {

    /** Shards read per snapshot: 1 MiB, well inside a transaction's time limit. */
    public static final int SHARDS_PER_READ = 256;

    private static final HexFormat HEX = HexFormat.of();

    private final KeyValueStore kv;
    private final CampaignKeys keys;

    public EdgeMapView(KeyValueStore kv, CampaignKeys keys) {
        this.kv = kv;
        this.keys = keys;
    }

    /**
     * The whole map, page by page. A shard whose key cannot be decoded, or whose value is not
     * {@link CampaignKeys#EDGE_SHARD_BYTES} long, is reported blocked and not counted.
     */
    public EdgeMapSummary read() {
        KeyRange range = keys.edgeMap();
        int shards = 0;
        long edges = 0;
        long tuples = 0;
        List<Blocked> blocked = new ArrayList<>();
        while (true) {
            KeyRange from = range;
            List<KeyValue> pairs = kv.read(tx -> tx.getRange(from.begin(), from.end(), SHARDS_PER_READ, false));
            for (KeyValue pair : pairs) {
                try {
                    ShardCount count = ShardCount.of(keys, pair);
                    shards++;
                    edges += count.edges();
                    tuples += count.tuples();
                } catch (CorruptRecordException e) {
                    blocked.add(new Blocked(HEX.formatHex(pair.key()), e));
                }
            }
            if (pairs.size() < SHARDS_PER_READ) {
                return new EdgeMapSummary(shards, edges, tuples, blocked);
            }
            range = range.after(pairs.get(pairs.size() - 1).key());
        }
    }

    /**
     * Hands every shard of the map to {@code each}, with its number, page by page; a shard whose
     * key cannot be decoded is left out (what {@link #read} reports as blocked).
     */
    public void forEachShard(ShardConsumer each) {
        KeyRange range = keys.edgeMap();
        while (true) {
            KeyRange from = range;
            List<KeyValue> pairs = kv.read(tx -> tx.getRange(from.begin(), from.end(), SHARDS_PER_READ, false));
            for (KeyValue pair : pairs) {
                try {
                    each.accept(keys.decodeEdges(pair.key()), pair.value());
                } catch (CorruptRecordException skipped) {
                    // Left out: read() reports it.
                }
            }
            if (pairs.size() < SHARDS_PER_READ) {
                return;
            }
            range = range.after(pairs.get(pairs.size() - 1).key());
        }
    }

    /** Takes one shard of the map: its number and its stored bytes. */
    @FunctionalInterface
    public interface ShardConsumer {
        void accept(int number, byte[] bytes);
    }
}
