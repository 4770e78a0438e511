package io.frontier.store.view;

import io.frontier.store.error.CorruptRecordException;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.kv.KeyValue;
import java.util.HexFormat;

/**
 * What one stored edge map shard holds: edges reached (bytes not 0) and tuples reached (bits set).
 */
record ShardCount(long edges, long tuples) {

    /**
     * The count of the shard stored in {@code pair}.
     *
     * @throws CorruptRecordException if the key names no shard or the value is not of the shard
     *     width (every merge writes that width, so it was damaged)
     */
    static ShardCount of(CampaignKeys keys, KeyValue pair) {
        keys.decodeEdges(pair.key());
        if (pair.value().length != CampaignKeys.EDGE_SHARD_BYTES) {
            throw new CorruptRecordException("edge map shard is not of the shard width")
                    .with("key", HexFormat.of().formatHex(pair.key())).with("length", pair.value().length)
                    .with("width", CampaignKeys.EDGE_SHARD_BYTES);
        }
        long edges = 0;
        long tuples = 0;
        for (byte edge : pair.value()) {
            if (edge != 0) {
                edges++;
                tuples += Integer.bitCount(edge & 0xff);
            }
        }
        return new ShardCount(edges, tuples);
    }
}
