package io.frontier.store.view;

import com.apple.foundationdb.tuple.Versionstamp;
import io.frontier.store.campaign.Blocked;
import io.frontier.store.error.CorruptRecordException;
import io.frontier.store.error.InvalidInputException;
import io.frontier.store.error.UnreadableRecordException;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.KeyRange;
import io.frontier.store.keyspace.ManifestKey;
import io.frontier.store.kv.KeyValue;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.ReadTransaction;
import io.frontier.store.manifest.Child;
import io.frontier.store.manifest.ChildChunk;
import io.frontier.store.manifest.ManifestCodecs;
import io.frontier.store.manifest.ManifestEntry;
import io.frontier.store.manifest.ResultOutcome;
import io.frontier.store.record.ResultId;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * The result manifest, read for operators: entries in commit order one page at a time, and one
 * entry by its id or by its result id, each with children, promotion marks and outcome. See the
 * package rule: snapshot reads only. Stateless and thread-safe.
 */
public final class ManifestView {

    /** Most entries one page may hold: keeps each read well inside a transaction's time limit. */
    public static final int MAX_PAGE = 1000;
    /** Manifest keys fetched per range read while a page is assembled. */
    static final int BATCH = 256;

    private static final HexFormat HEX = HexFormat.of();

    private final KeyValueStore kv;
    private final CampaignKeys keys;

    public ManifestView(KeyValueStore kv, CampaignKeys keys) {
        this.kv = kv;
        this.keys = keys;
    }

    /**
     * Up to {@code limit} entries committed after {@code after} (exclusive; null starts at the
     * first), in commit order, in one snapshot. An entry that cannot be read is reported blocked
     * under the key of its head and counts toward the limit, so the cursor moves past it.
     */
    public ManifestPage list(EntryId after, int limit) {
        if (limit < 1 || limit > MAX_PAGE) {
            throw new InvalidInputException("manifest page size out of range").with("limit", limit)
                    .with("max", MAX_PAGE);
        }
        KeyRange whole = keys.manifest();
        KeyRange start = after == null ? whole : new KeyRange(keys.manifest(after.versionstamp()).end(), whole.end());
        return kv.read(tx -> page(tx, start, limit));
    }

    /** The entry {@code id}, or empty if the manifest has none under it. */
    public Optional<ManifestRecord> entry(EntryId id) {
        return kv.read(tx -> read(tx, id.versionstamp()));
    }

    /** The entry that recorded {@code result}, or empty if no commit decision named it. */
    public Optional<ManifestRecord> entry(ResultId result) {
        return kv.read(tx -> {
            byte[] key = keys.result(result);
            byte[] value = tx.get(key);
            if (value == null) {
                return Optional.<ManifestRecord>empty();
            }
            return read(tx, keys.decodeVersionstampValue(key, value));
        });
    }

    private ManifestPage page(ReadTransaction tx, KeyRange start, int limit) {
        List<ManifestRecord> records = new ArrayList<>();
        List<Blocked> blocked = new ArrayList<>();
        KeyRange range = start;
        Versionstamp current = null;
        List<KeyValue> parts = new ArrayList<>();
        while (true) {
            List<KeyValue> pairs = tx.getRange(range.begin(), range.end(), BATCH, false);
            for (KeyValue pair : pairs) {
                range = range.after(pair.key());
                ManifestKey key;
                try {
                    key = keys.decodeManifest(pair.key());
                } catch (CorruptRecordException e) {
                    blocked.add(new Blocked(HEX.formatHex(pair.key()), e));
                    continue;
                }
                if (current != null && !current.equals(key.versionstamp())) {
                    assemble(tx, current, parts, records, blocked);
                    if (records.size() + blocked.size() >= limit) {
                        return new ManifestPage(records, blocked, new EntryId(current));
                    }
                    parts.clear();
                }
                current = key.versionstamp();
                parts.add(pair);
            }
            if (pairs.size() < BATCH) {
                if (current != null) {
                    assemble(tx, current, parts, records, blocked);
                }
                return new ManifestPage(records, blocked, null);
            }
        }
    }

    /** Adds the entry at {@code stamp}, made of {@code parts}, to the records or the blocked. */
    private void assemble(ReadTransaction tx, Versionstamp stamp, List<KeyValue> parts, List<ManifestRecord> records,
                          List<Blocked> blocked) {
        try {
            records.add(record(tx, stamp, parts));
        } catch (UnreadableRecordException e) {
            blocked.add(new Blocked(HEX.formatHex(keys.manifest(stamp, 0)), e));
        }
    }

    private Optional<ManifestRecord> read(ReadTransaction tx, Versionstamp stamp) {
        KeyRange range = keys.manifest(stamp);
        List<KeyValue> parts = tx.getRange(range.begin(), range.end(), ReadTransaction.UNLIMITED, false);
        return parts.isEmpty() ? Optional.empty() : Optional.of(record(tx, stamp, parts));
    }

    /**
     * The entry at {@code stamp} from its stored parts (head first, then chunks in order), with
     * its marks and outcome.
     *
     * @throws UnreadableRecordException if the head is missing or unreadable, a chunk is missing,
     *     extra or belongs elsewhere, or the outcome is unreadable or names another result
     */
    private ManifestRecord record(ReadTransaction tx, Versionstamp stamp, List<KeyValue> parts) {
        byte[] headKey = keys.manifest(stamp, 0);
        KeyValue head = parts.get(0);
        if (keys.decodeManifest(head.key()).part() != 0) {
            throw new CorruptRecordException("manifest entry has child chunks but no head")
                    .with("key", HEX.formatHex(headKey));
        }
        ManifestEntry entry = ManifestCodecs.ENTRY.decode(headKey, head.value());
        if (parts.size() != 1 + entry.chunks()) {
            throw new CorruptRecordException("manifest entry's stored chunks differ from its declared count")
                    .with("key", HEX.formatHex(headKey)).with("declared", entry.chunks())
                    .with("found", parts.size() - 1);
        }
        List<Child> children = new ArrayList<>(entry.children());
        for (int chunk = 0; chunk < entry.chunks(); chunk++) {
            KeyValue part = parts.get(chunk + 1);
            ChildChunk decoded = ManifestCodecs.CHUNK.decode(part.key(), part.value());
            if (keys.decodeManifest(part.key()).part() != chunk + 1 || decoded.index() != chunk
                    || !decoded.result().equals(entry.result())) {
                throw new CorruptRecordException("manifest child chunk is missing or belongs elsewhere")
                        .with("key", HEX.formatHex(part.key())).with("chunk", chunk);
            }
            children.addAll(decoded.children());
        }
        if (children.size() != entry.children()) {
            throw new CorruptRecordException("manifest child chunks do not add up to the entry's count")
                    .with("key", HEX.formatHex(headKey)).with("declared", entry.children())
                    .with("found", children.size());
        }
        byte[] outcomeKey = keys.outcome(stamp);
        byte[] outcomeValue = tx.get(outcomeKey);
        ResultOutcome outcome = outcomeValue == null ? null : ManifestCodecs.OUTCOME.decode(outcomeKey, outcomeValue);
        if (outcome != null && (!outcome.result().equals(entry.result()) || !outcome.work().equals(entry.work()))) {
            throw new CorruptRecordException("manifest outcome names another result or work")
                    .with("key", HEX.formatHex(outcomeKey)).with("result", entry.result())
                    .with("outcomeResult", outcome.result());
        }
        return new ManifestRecord(new EntryId(stamp), entry, children, tx.get(keys.promoted(stamp)), outcome);
    }
}
