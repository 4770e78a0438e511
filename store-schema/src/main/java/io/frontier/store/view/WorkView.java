package io.frontier.store.view;

import com.apple.foundationdb.tuple.Versionstamp;
import io.frontier.store.campaign.Blocked;
import io.frontier.store.error.CorruptRecordException;
import io.frontier.store.error.InvalidInputException;
import io.frontier.store.error.UnreadableRecordException;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.KeyRange;
import io.frontier.store.keyspace.LeasedKey;
import io.frontier.store.kv.KeyValue;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.ReadTransaction;
import io.frontier.store.manifest.ManifestCodecs;
import io.frontier.store.manifest.ManifestEntry;
import io.frontier.store.record.RecordCodec;
import io.frontier.store.record.ResultId;
import io.frontier.store.corpus.Digest;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.record.WorkState;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * The work items of one non-terminal state, read through that state's index: pending items in
 * bucket order, leased items by epoch and then lease expiry (the next to expire first), and
 * committing items in work id order with the manifest entry of their commit decision. Done and
 * abandoned items have no index and are only counted. See the package rule: snapshot reads only.
 * Stateless and thread-safe.
 */
public final class WorkView {

    /** Most items one page may hold: keeps each read well inside a transaction's time limit. */
    public static final int MAX_PAGE = 1000;

    private static final HexFormat HEX = HexFormat.of();

    private final KeyValueStore kv;
    private final CampaignKeys keys;

    public WorkView(KeyValueStore kv, CampaignKeys keys) {
        this.kv = kv;
        this.keys = keys;
    }

    /**
     * Up to {@code limit} index entries of {@code state} after {@code after} (null starts at the
     * first), each with its work record, in one snapshot. An index entry whose key or record
     * cannot be read, or whose record is not in {@code state} as the key describes it, is
     * reported blocked and counts toward the limit.
     *
     * @throws InvalidInputException if {@code state} is terminal (it has no index), the limit is
     *     out of range, or {@code after} belongs to another state
     */
    public WorkPage list(WorkState state, WorkCursor after, int limit) {
        if (state == null || state.terminal()) {
            throw new InvalidInputException("only pending, leased and committing items have an index to list")
                    .with("state", state == null ? null : state.wireName());
        }
        if (limit < 1 || limit > MAX_PAGE) {
            throw new InvalidInputException("work page size out of range").with("limit", limit).with("max", MAX_PAGE);
        }
        if (after != null && after.state() != state) {
            throw new InvalidInputException("cursor belongs to another state")
                    .with("state", state.wireName()).with("cursorState", after.state().wireName());
        }
        KeyRange index = index(state);
        KeyRange range = after == null ? index : index.after(after.key());
        return kv.read(tx -> {
            List<KeyValue> pairs = tx.getRange(range.begin(), range.end(), limit, false);
            List<WorkItem> items = new ArrayList<>();
            List<Blocked> blocked = new ArrayList<>();
            for (KeyValue pair : pairs) {
                try {
                    items.add(item(tx, state, pair));
                } catch (UnreadableRecordException e) {
                    blocked.add(new Blocked(HEX.formatHex(pair.key()), e));
                }
            }
            WorkCursor next = pairs.size() < limit ? null : new WorkCursor(state, pairs.get(pairs.size() - 1).key());
            return new WorkPage(items, blocked, next);
        });
    }

    private KeyRange index(WorkState state) {
        return switch (state) {
            case PENDING -> keys.ready();
            case LEASED -> keys.leased();
            case COMMITTING -> keys.committing();
            case DONE, ABANDONED -> throw new IllegalStateException("terminal states have no index");
        };
    }

    /** The item an index entry of {@code state} names, checked against what the key says. */
    private WorkItem item(ReadTransaction tx, WorkState state, KeyValue pair) {
        return switch (state) {
            case PENDING -> new WorkItem(matching(tx, pair.key(), keys.decodeReady(pair.key()).id(), state), null, null);
            case LEASED -> leased(tx, pair.key());
            case COMMITTING -> committing(tx, pair);
            case DONE, ABANDONED -> throw new IllegalStateException("terminal states have no index");
        };
    }

    private WorkItem leased(ReadTransaction tx, byte[] key) {
        LeasedKey leased = keys.decodeLeased(key);
        WorkRecord record = matching(tx, key, leased.id(), WorkState.LEASED);
        if (record.epoch() != leased.epoch() || !Objects.equals(record.leaseExpiry(), leased.expiry())) {
            throw new CorruptRecordException("leased index entry disagrees with its work record")
                    .with("key", HEX.formatHex(key)).with("indexEpoch", leased.epoch())
                    .with("recordEpoch", record.epoch()).with("indexExpiry", leased.expiry())
                    .with("recordExpiry", record.leaseExpiry());
        }
        return new WorkItem(record, null, null);
    }

    private WorkItem committing(ReadTransaction tx, KeyValue pair) {
        Digest work = keys.decodeCommitting(pair.key());
        ResultId indexed = keys.decodeCommittingValue(pair.key(), pair.value());
        WorkRecord record = matching(tx, pair.key(), work, WorkState.COMMITTING);
        if (!indexed.equals(record.result())) {
            throw new CorruptRecordException("committing index entry names another result than its work record")
                    .with("key", HEX.formatHex(pair.key())).with("indexedResult", indexed)
                    .with("recordResult", record.result());
        }
        byte[] resultKey = keys.result(indexed);
        byte[] stampValue = tx.get(resultKey);
        if (stampValue == null) {
            throw new CorruptRecordException("committing work record's result has no manifest entry")
                    .with("key", HEX.formatHex(resultKey)).with("work", work).with("result", indexed);
        }
        Versionstamp stamp = keys.decodeVersionstampValue(resultKey, stampValue);
        byte[] headKey = keys.manifest(stamp, 0);
        byte[] headValue = tx.get(headKey);
        if (headValue == null) {
            throw new CorruptRecordException("result index names a manifest entry that does not exist")
                    .with("key", HEX.formatHex(headKey));
        }
        ManifestEntry entry = ManifestCodecs.ENTRY.decode(headKey, headValue);
        if (!entry.work().equals(work) || !entry.result().equals(indexed)) {
            throw new CorruptRecordException("manifest entry belongs to another work or result")
                    .with("key", HEX.formatHex(headKey)).with("work", work).with("entryWork", entry.work());
        }
        return new WorkItem(record, new EntryId(stamp), entry.committedAt());
    }

    /** The record of {@code id}, which the index entry at {@code indexKey} says is in {@code state}. */
    private WorkRecord matching(ReadTransaction tx, byte[] indexKey, Digest id, WorkState state) {
        byte[] key = keys.work(id);
        byte[] value = tx.get(key);
        WorkRecord record = value == null ? null : RecordCodec.WORK.decode(key, value);
        if (record == null || !record.id().equals(id) || record.state() != state) {
            throw new CorruptRecordException("index entry has no matching work record")
                    .with("key", HEX.formatHex(indexKey)).with("index", state.wireName())
                    .with("record", record == null ? "missing" : record.id() + " " + record.state().wireName());
        }
        return record;
    }
}
