package io.frontier.store.view;

import io.frontier.store.campaign.Blocked;
import io.frontier.store.error.CorruptRecordException;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.ExecutorCountKey;
import io.frontier.store.keyspace.KeyRange;
import io.frontier.store.kv.KeyValue;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.ReadTransaction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * What each coordinator's commit decisions counted per executor kind: executions, their wall
 * time, children, redundant, known-before and untriaged children, new edges. See the package
 * rule: snapshot reads only. At most seven values per executor kind per coordinator rank of every
 * job, all read in one transaction. Stateless and thread-safe.
 */
public final class ExecutorTallyView {

    private static final HexFormat HEX = HexFormat.of();

    private final KeyValueStore kv;
    private final CampaignKeys keys;

    public ExecutorTallyView(KeyValueStore kv, CampaignKeys keys) {
        this.kv = kv;
        this.keys = keys;
    }

    /** Every tally as of one snapshot. A key that cannot be decoded is reported blocked. */
    public ExecutorTallies read() {
        return kv.read(tx -> {
            KeyRange range = keys.executorCounts();
            Map<String, Map<String, ExecutorTally>> amounts = new HashMap<>();
            List<Blocked> blocked = new ArrayList<>();
            for (KeyValue pair : tx.getRange(range.begin(), range.end(), ReadTransaction.UNLIMITED, false)) {
                try {
                    ExecutorCountKey key = keys.decodeExecutorCount(pair.key());
                    amounts.computeIfAbsent(key.owner().name(), owner -> new HashMap<>())
                            .merge(key.executor(), ExecutorTally.NONE.plus(key.counter(), CampaignKeys.decodeSum(pair.value())),
                                    ExecutorTally::plus);
                } catch (CorruptRecordException e) {
                    blocked.add(new Blocked(HEX.formatHex(pair.key()), e));
                }
            }
            return ExecutorTallies.of(amounts, blocked);
        });
    }
}
