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
 * How many executions each coordinator has committed: one commit decision is one execution,
 * counted in the load of the coordinator that held the item, in every epoch. See the package
 * rule: snapshot reads only. One value per coordinator rank of every job, all read in one
 * transaction. Stateless and thread-safe.
 */
public final class LoadView {

    private static final HexFormat HEX = HexFormat.of();

    private final KeyValueStore kv;
    private final CampaignKeys keys;

    public LoadView(KeyValueStore kv, CampaignKeys keys) {
        this.kv = kv;
        this.keys = keys;
    }

    /**
     * Every coordinator's load as of one snapshot, in owner name order. A key that names no
     * owner is reported blocked.
     */
    public Loads read() {
        return kv.read(tx -> {
            KeyRange range = keys.loads();
            List<Load> loads = new ArrayList<>();
            List<Blocked> blocked = new ArrayList<>();
            for (KeyValue pair : tx.getRange(range.begin(), range.end(), ReadTransaction.UNLIMITED, false)) {
                try {
                    loads.add(new Load(keys.decodeLoad(pair.key()), CampaignKeys.decodeSum(pair.value())));
                } catch (CorruptRecordException e) {
                    blocked.add(new Blocked(HEX.formatHex(pair.key()), e));
                }
            }
            return new Loads(loads, blocked);
        });
    }
}
