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
import io.frontier.store.paging.PageBudget;
import io.frontier.store.paging.ShrinkingPages;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The result manifest, read for operators: entries in commit order one page at a time, and one
 * entry by its id or by its result id, each with children, promotion marks and outcome. See the
 * package rule: snapshot reads only. A page reads the manifest's keys with range reads of at most
 * {@link #BATCH} keys, sized to what is left of its {@link PageBudget}, then the outcomes and promotion marks of all its entries with one range
 * read each (they are keyed by the same versionstamps, in the same order), and ends early once
 * its {@link PageBudget} is spent; a page whose read timed out is read again smaller
 * ({@link ShrinkingPages}), and the pages after it start from that size. Thread-safe.
 */
public final class ManifestView {

    /** Most entries one page may hold. */
    public static final int MAX_PAGE = 1000;
    /** Keys fetched per range read while a page is assembled. */
    static final int BATCH = 256;
    /** Keys one entry may have in the manifest: its head and its child chunks. */
    private static final int PARTS_PER_ENTRY = 1 + ManifestEntry.chunksFor(ManifestEntry.MAX_CHILDREN);

    private static final HexFormat HEX = HexFormat.of();

    private final KeyValueStore kv;
    private final CampaignKeys keys;
    private final ShrinkingPages pages = new ShrinkingPages();

    public ManifestView(KeyValueStore kv, CampaignKeys keys) {
        this.kv = kv;
        this.keys = keys;
    }

    /**
     * Up to {@code limit} entries committed after {@code after} (exclusive; null starts at the
     * first), in commit order, in one snapshot; fewer, but at least one if any follows, when the
     * page's {@link PageBudget} was spent or a larger page timed out. An entry that cannot be
     * read is reported blocked under the key of its head and counts toward the limit, so the
     * cursor moves past it.
     */
    public ManifestPage list(EntryId after, int limit) {
        if (limit < 1 || limit > MAX_PAGE) {
            throw new InvalidInputException("manifest page size out of range").with("limit", limit)
                    .with("max", MAX_PAGE);
        }
        KeyRange whole = keys.manifest();
        KeyRange start = after == null ? whole : new KeyRange(keys.manifest(after.versionstamp()).end(), whole.end());
        return pages.read(limit, size -> kv.read(tx -> page(tx, start, size)));
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

    /** The stored parts of one entry, head first, as a page met them. */
    private record Parts(Versionstamp stamp, List<KeyValue> pairs) {
    }

    private ManifestPage page(ReadTransaction tx, KeyRange start, int limit) {
        PageBudget budget = PageBudget.start();
        List<Parts> entries = new ArrayList<>();
        List<Blocked> blocked = new ArrayList<>();
        int most = Math.min(BATCH, limit + PARTS_PER_ENTRY);
        long pairsRead = 0;
        KeyRange range = start;
        Versionstamp current = null;
        List<KeyValue> parts = new ArrayList<>();
        boolean full = false;
        while (!full) {
            int batch = batch(most, budget, pairsRead);
            List<KeyValue> pairs = tx.getRange(range.begin(), range.end(), batch, false);
            pairsRead += pairs.size();
            for (KeyValue pair : pairs) {
                ManifestKey key;
                try {
                    key = keys.decodeManifest(pair.key());
                } catch (CorruptRecordException e) {
                    range = range.after(pair.key());
                    blocked.add(new Blocked(HEX.formatHex(pair.key()), e));
                    continue;
                }
                if (current != null && !current.equals(key.versionstamp())) {
                    entries.add(new Parts(current, parts));
                    parts = new ArrayList<>();
                    if (entries.size() + blocked.size() >= limit || budget.spent()) {
                        full = true;
                        break;
                    }
                }
                range = range.after(pair.key());
                budget.read(pair.key().length + pair.value().length);
                current = key.versionstamp();
                parts.add(pair);
            }
            if (!full && pairs.size() < batch) {
                if (current != null) {
                    entries.add(new Parts(current, parts));
                }
                return new ManifestPage(records(tx, entries, blocked), blocked, null);
            }
        }
        return new ManifestPage(records(tx, entries, blocked), blocked,
                new EntryId(entries.get(entries.size() - 1).stamp()));
    }

    /**
     * How many keys the next range read of a page asks for: as many as the page's budget has
     * room for at the average size of the keys read so far (a first read takes
     * {@link #PARTS_PER_ENTRY}), between {@link #PARTS_PER_ENTRY}, so an entry can always be
     * finished, and {@code most}. A range read then brings about what is left of the budget,
     * whatever the entries' sizes.
     */
    private static int batch(int most, PageBudget budget, long pairsRead) {
        if (pairsRead == 0) {
            return Math.min(most, PARTS_PER_ENTRY);
        }
        long average = Math.max(1, budget.bytesRead() / pairsRead);
        long room = (PageBudget.BYTES - budget.bytesRead()) / average;
        return (int) Math.max(Math.min(most, PARTS_PER_ENTRY), Math.min(most, room));
    }

    /**
     * The records of {@code entries}, a page's entries in commit order, with their outcomes and
     * marks read by one range read each; an entry that cannot be read is added to
     * {@code blocked} instead.
     */
    private List<ManifestRecord> records(ReadTransaction tx, List<Parts> entries, List<Blocked> blocked) {
        if (entries.isEmpty()) {
            return List.of();
        }
        Versionstamp first = entries.get(0).stamp();
        Versionstamp last = entries.get(entries.size() - 1).stamp();
        Map<ByteBuffer, byte[]> outcomes = values(tx, keys.outcome(first), keys.outcome(last));
        Map<ByteBuffer, byte[]> marks = values(tx, keys.promoted(first), keys.promoted(last));
        List<ManifestRecord> records = new ArrayList<>();
        for (Parts entry : entries) {
            try {
                records.add(record(entry.stamp(), entry.pairs(), outcomes.get(ByteBuffer.wrap(keys.outcome(entry.stamp()))),
                        marks.get(ByteBuffer.wrap(keys.promoted(entry.stamp())))));
            } catch (UnreadableRecordException e) {
                blocked.add(new Blocked(HEX.formatHex(keys.manifest(entry.stamp(), 0)), e));
            }
        }
        return records;
    }

    /** Every pair from {@code first} to {@code last}, both included, by key. */
    private static Map<ByteBuffer, byte[]> values(ReadTransaction tx, byte[] first, byte[] last) {
        Map<ByteBuffer, byte[]> values = new HashMap<>();
        KeyRange range = new KeyRange(first, Arrays.copyOf(last, last.length + 1));
        while (true) {
            List<KeyValue> pairs = tx.getRange(range.begin(), range.end(), BATCH, false);
            pairs.forEach(pair -> values.put(ByteBuffer.wrap(pair.key()), pair.value()));
            if (pairs.size() < BATCH) {
                return values;
            }
            range = range.after(pairs.get(pairs.size() - 1).key());
        }
    }

    private Optional<ManifestRecord> read(ReadTransaction tx, Versionstamp stamp) {
        KeyRange range = keys.manifest(stamp);
        List<KeyValue> parts = tx.getRange(range.begin(), range.end(), ReadTransaction.UNLIMITED, false);
        return parts.isEmpty() ? Optional.empty()
                : Optional.of(record(stamp, parts, tx.get(keys.outcome(stamp)), tx.get(keys.promoted(stamp))));
    }

    /**
     * The entry at {@code stamp} from its stored parts (head first, then chunks in order), with
     * its stored outcome and marks (each null if absent).
     *
     * @throws UnreadableRecordException if the head is missing or unreadable, a chunk is missing,
     *     extra or belongs elsewhere, or the outcome is unreadable or names another result
     */
    private ManifestRecord record(Versionstamp stamp, List<KeyValue> parts, byte[] outcomeValue, byte[] marks) {
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
        ResultOutcome outcome = outcomeValue == null ? null : ManifestCodecs.OUTCOME.decode(outcomeKey, outcomeValue);
        if (outcome != null && (!outcome.result().equals(entry.result()) || !outcome.work().equals(entry.work()))) {
            throw new CorruptRecordException("manifest outcome names another result or work")
                    .with("key", HEX.formatHex(outcomeKey)).with("result", entry.result())
                    .with("outcomeResult", outcome.result());
        }
        return new ManifestRecord(new EntryId(stamp), entry, children, marks, outcome);
    }
}
