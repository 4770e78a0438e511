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
import io.frontier.store.paging.ShrinkingPages;
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
 * claim order (the unranked tier-0 items by bucket, then the ranked ones by tier and rank), leased items by epoch and then lease expiry (the next to expire first), and
 * committing items in work id order with the manifest entry of their commit decision. Done and
 * abandoned items have no index and are only counted. See the package rule: snapshot reads only.
 * A page whose read timed out is read again smaller ({@link ShrinkingPages}), and the pages
 * after it start from that size. Thread-safe.
 */
public final class WorkView {

    /**
     * Most items one page may hold: a page reads its index entries with one range read and what
     * they name with one {@code getAll} per kind of key, about a kilobyte per item, so a full
     * page stays near a mebibyte and a few round trips.
     */
    public static final int MAX_PAGE = 1000;

    private static final HexFormat HEX = HexFormat.of();

    private final KeyValueStore kv;
    private final CampaignKeys keys;
    private final ShrinkingPages pages = new ShrinkingPages();

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
        List<KeyRange> ranges = remaining(state, after);
        return pages.read(limit, size -> kv.read(tx -> page(tx, state, ranges, size)));
    }

    /**
     * What is left to list of {@code state}'s indexes after {@code after}: the rest of the index
     * the cursor lies in and every index after it.
     */
    private List<KeyRange> remaining(WorkState state, WorkCursor after) {
        List<KeyRange> indexes = indexes(state);
        if (after == null) {
            return indexes;
        }
        byte[] key = after.key();
        for (int i = 0; i < indexes.size(); i++) {
            if (indexes.get(i).contains(key)) {
                List<KeyRange> rest = new ArrayList<>(indexes.subList(i, indexes.size()));
                rest.set(0, indexes.get(i).after(key));
                return rest;
            }
        }
        throw new InvalidInputException("cursor lies in no index of its state")
                .with("state", state.wireName()).with("cursor", HEX.formatHex(key));
    }

    /**
     * One page: the index entries, then every record they name with one {@code getAll}, then,
     * for committing items, their result index keys and manifest heads with one each.
     */
    private WorkPage page(ReadTransaction tx, WorkState state, List<KeyRange> ranges, int limit) {
        List<KeyValue> pairs = new ArrayList<>();
        for (KeyRange range : ranges) {
            if (pairs.size() == limit) {
                break;
            }
            pairs.addAll(tx.getRange(range.begin(), range.end(), limit - pairs.size(), false));
        }
        List<Listed> listed = new ArrayList<>(pairs.size());
        for (KeyValue pair : pairs) {
            listed.add(new Listed(pair, state));
        }
        List<Listed> named = listed.stream().filter(Listed::decode).toList();
        List<byte[]> records = tx.getAll(named.stream().map(item -> keys.work(item.id)).toList());
        for (int i = 0; i < named.size(); i++) {
            named.get(i).record(records.get(i));
        }
        if (state == WorkState.COMMITTING) {
            List<Listed> committing = named.stream().filter(item -> item.problem == null).toList();
            List<byte[]> stamps = tx.getAll(committing.stream().map(item -> keys.result(item.result)).toList());
            for (int i = 0; i < committing.size(); i++) {
                committing.get(i).stamp(stamps.get(i));
            }
            List<Listed> stamped = committing.stream().filter(item -> item.problem == null).toList();
            List<byte[]> heads = tx.getAll(stamped.stream().map(item -> keys.manifest(item.stamp, 0)).toList());
            for (int i = 0; i < stamped.size(); i++) {
                stamped.get(i).head(heads.get(i));
            }
        }
        List<WorkItem> items = new ArrayList<>();
        List<Blocked> blocked = new ArrayList<>();
        for (Listed item : listed) {
            if (item.problem != null) {
                blocked.add(new Blocked(HEX.formatHex(item.pair.key()), item.problem));
            } else {
                items.add(item.item);
            }
        }
        WorkCursor next = pairs.size() < limit ? null : new WorkCursor(state, pairs.get(pairs.size() - 1).key());
        return new WorkPage(items, blocked, next);
    }

    /**
     * One index entry on its way to a {@link WorkItem}, step by step as the page's reads arrive;
     * the first step that finds it unreadable records the problem, and later steps skip it.
     */
    private final class Listed {

        final KeyValue pair;
        final WorkState state;
        Digest id;
        ResultId result;
        WorkRecord record;
        Versionstamp stamp;
        WorkItem item;
        UnreadableRecordException problem;

        Listed(KeyValue pair, WorkState state) {
            this.pair = pair;
            this.state = state;
        }

        /** Decodes the index entry; false if it cannot be read. */
        boolean decode() {
            try {
                id = switch (state) {
                    case PENDING -> keys.decodeAnyReady(pair.key()).id();
                    case LEASED -> keys.decodeLeased(pair.key()).id();
                    case COMMITTING -> keys.decodeCommitting(pair.key());
                    case DONE, ABANDONED -> throw new IllegalStateException("terminal states have no index");
                };
                if (state == WorkState.COMMITTING) {
                    result = keys.decodeCommittingValue(pair.key(), pair.value());
                }
                return true;
            } catch (UnreadableRecordException e) {
                problem = e;
                return false;
            }
        }

        /** Checks the record the index entry names; a pending or leased item is then complete. */
        void record(byte[] value) {
            try {
                record = matching(pair.key(), id, state, value);
                if (state == WorkState.LEASED) {
                    LeasedKey leased = keys.decodeLeased(pair.key());
                    if (record.epoch() != leased.epoch() || !Objects.equals(record.leaseExpiry(), leased.expiry())) {
                        throw new CorruptRecordException("leased index entry disagrees with its work record")
                                .with("key", HEX.formatHex(pair.key())).with("indexEpoch", leased.epoch())
                                .with("recordEpoch", record.epoch()).with("indexExpiry", leased.expiry())
                                .with("recordExpiry", record.leaseExpiry());
                    }
                }
                if (state == WorkState.COMMITTING) {
                    if (!result.equals(record.result())) {
                        throw new CorruptRecordException("committing index entry names another result than its work record")
                                .with("key", HEX.formatHex(pair.key())).with("indexedResult", result)
                                .with("recordResult", record.result());
                    }
                } else {
                    item = new WorkItem(record, null, null);
                }
            } catch (UnreadableRecordException e) {
                problem = e;
            }
        }

        /** Reads the result index value of a committing item. */
        void stamp(byte[] value) {
            byte[] resultKey = keys.result(result);
            try {
                if (value == null) {
                    throw new CorruptRecordException("committing work record's result has no manifest entry")
                            .with("key", HEX.formatHex(resultKey)).with("work", id).with("result", result);
                }
                stamp = keys.decodeVersionstampValue(resultKey, value);
            } catch (UnreadableRecordException e) {
                problem = e;
            }
        }

        /** Checks the manifest head of a committing item, which is then complete. */
        void head(byte[] value) {
            byte[] headKey = keys.manifest(stamp, 0);
            try {
                if (value == null) {
                    throw new CorruptRecordException("result index names a manifest entry that does not exist")
                            .with("key", HEX.formatHex(headKey));
                }
                ManifestEntry entry = ManifestCodecs.ENTRY.decode(headKey, value);
                if (!entry.work().equals(id) || !entry.result().equals(result)) {
                    throw new CorruptRecordException("manifest entry belongs to another work or result")
                            .with("key", HEX.formatHex(headKey)).with("work", id).with("entryWork", entry.work());
                }
                item = new WorkItem(record, new EntryId(stamp), entry.committedAt());
            } catch (UnreadableRecordException e) {
                problem = e;
            }
        }
    }

    /** The indexes of {@code state}, in listing order. */
    private List<KeyRange> indexes(WorkState state) {
        return switch (state) {
            case PENDING -> List.of(keys.ready(), keys.tiered());
            case LEASED -> List.of(keys.leased());
            case COMMITTING -> List.of(keys.committing());
            case DONE, ABANDONED -> throw new IllegalStateException("terminal states have no index");
        };
    }

    /** The record of {@code id}, which the index entry at {@code indexKey} says is in {@code state}. */
    private WorkRecord matching(byte[] indexKey, Digest id, WorkState state, byte[] value) {
        byte[] key = keys.work(id);
        WorkRecord record = value == null ? null : RecordCodec.WORK.decode(key, value);
        if (record == null || !record.id().equals(id) || record.state() != state) {
            throw new CorruptRecordException("index entry has no matching work record")
                    .with("key", HEX.formatHex(indexKey)).with("index", state.wireName())
                    .with("record", record == null ? "missing" : record.id() + " " + record.state().wireName());
        }
        return record;
    }
}
