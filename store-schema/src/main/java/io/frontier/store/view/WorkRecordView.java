package io.frontier.store.view;

import io.frontier.store.campaign.Blocked;
import io.frontier.store.corpus.Digest;
import io.frontier.store.error.CorruptRecordException;
import io.frontier.store.error.UnreadableRecordException;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.KeyRange;
import io.frontier.store.kv.KeyValue;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.record.RecordCodec;
import io.frontier.store.record.WorkRecord;
import java.util.HexFormat;
import java.util.List;

/**
 * Every work record of the campaign, whatever its state, in work id order: what a check that
 * must see done and abandoned items too reads (they have no index, so {@link WorkView} cannot
 * list them). See the package rule: {@link #PAGE} records per snapshot, each page in a snapshot
 * of its own, so memory does not grow with the campaign. Work records are never removed, so a
 * walk meets every record that existed when it started, and possibly some written while it ran,
 * each once, in the state of the snapshot that read it. Stateless and thread-safe.
 */
public final class WorkRecordView {

    /** Work records read per snapshot: keeps each read well inside a transaction's time limit. */
    static final int PAGE = 500;

    private static final HexFormat HEX = HexFormat.of();

    private final KeyValueStore kv;
    private final CampaignKeys keys;

    public WorkRecordView(KeyValueStore kv, CampaignKeys keys) {
        this.kv = kv;
        this.keys = keys;
    }

    /** Told each work record a walk reads, in work id order, on the walking thread. */
    public interface Visitor {

        /** A record that decoded and sits under its own id. */
        void record(WorkRecord record);

        /** A key or value that cannot be read, or a record under another id's key; left as it is. */
        void blocked(Blocked blocked);
    }

    /** Reads every work record once and passes it, or its problem, to {@code visitor}. */
    public void forEach(Visitor visitor) {
        KeyRange range = keys.works();
        while (true) {
            KeyRange from = range;
            List<KeyValue> pairs = kv.read(tx -> tx.getRange(from.begin(), from.end(), PAGE, false));
            for (KeyValue pair : pairs) {
                WorkRecord record;
                try {
                    record = decode(pair);
                } catch (UnreadableRecordException e) {
                    visitor.blocked(new Blocked(HEX.formatHex(pair.key()), e));
                    continue;
                }
                visitor.record(record);
            }
            if (pairs.size() < PAGE) {
                return;
            }
            range = range.after(pairs.get(pairs.size() - 1).key());
        }
    }

    private WorkRecord decode(KeyValue pair) {
        Digest id = keys.decodeWork(pair.key());
        WorkRecord record = RecordCodec.WORK.decode(pair.key(), pair.value());
        if (!record.id().equals(id)) {
            throw new CorruptRecordException("work record id differs from the hash in its key")
                    .with("key", HEX.formatHex(pair.key())).with("keyId", id).with("recordId", record.id());
        }
        return record;
    }
}
