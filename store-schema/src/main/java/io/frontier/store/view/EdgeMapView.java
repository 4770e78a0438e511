package io.frontier.store.view;

import io.frontier.store.campaign.Blocked;
import io.frontier.store.error.CorruptRecordException;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.KeyRange;
import io.frontier.store.kv.KeyValue;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.ReadTransaction;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The campaign's edge map, read for operators and reports: how many edges the kept inputs have
 * reached and how many (edge, hit-count bucket) tuples. See the package rule: snapshot reads
 * only. The whole map is one range of at most {@link CampaignKeys#EDGE_SHARDS} values of
 * {@link CampaignKeys#EDGE_SHARD_BYTES} bytes, read in one transaction (64 KiB for AFL++'s
 * default map of 65536 edges). Stateless and thread-safe.
 */
public final class EdgeMapView {

    private static final HexFormat HEX = HexFormat.of();

    private final KeyValueStore kv;
    private final CampaignKeys keys;

    public EdgeMapView(KeyValueStore kv, CampaignKeys keys) {
        this.kv = kv;
        this.keys = keys;
    }

    /**
     * The map as of one snapshot. A shard whose key cannot be decoded, or whose value is not
     * {@link CampaignKeys#EDGE_SHARD_BYTES} long (every merge writes that width, so it was
     * damaged), is reported blocked and not counted.
     */
    public EdgeMapSummary read() {
        return kv.read(this::summarise);
    }

    private EdgeMapSummary summarise(ReadTransaction tx) {
        KeyRange range = keys.edgeMap();
        int shards = 0;
        long edges = 0;
        long tuples = 0;
        List<Blocked> blocked = new ArrayList<>();
        for (KeyValue pair : tx.getRange(range.begin(), range.end(), ReadTransaction.UNLIMITED, false)) {
            try {
                keys.decodeEdges(pair.key());
                if (pair.value().length != CampaignKeys.EDGE_SHARD_BYTES) {
                    throw new CorruptRecordException("edge map shard is not of the shard width")
                            .with("key", HEX.formatHex(pair.key())).with("length", pair.value().length)
                            .with("width", CampaignKeys.EDGE_SHARD_BYTES);
                }
            } catch (CorruptRecordException e) {
                blocked.add(new Blocked(HEX.formatHex(pair.key()), e));
                continue;
            }
            shards++;
            for (byte edge : pair.value()) {
                if (edge != 0) {
                    edges++;
                    tuples += Integer.bitCount(edge & 0xff);
                }
            }
        }
        return new EdgeMapSummary(shards, edges, tuples, blocked);
    }
}
