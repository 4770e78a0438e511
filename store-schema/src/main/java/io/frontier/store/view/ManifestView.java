package io.frontier.store.view;

import com.apple.foundationdb.tuple.Versionstamp;
import io.frontier.store.campaign.Blocked;
import io.frontier.store.campaign.CampaignStore;
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
    /**
     * Keys one entry may have in the manifest itself: its head and the child chunks written with
     * it (an entry with more children than one transaction takes keeps them apart, by result id).
     */
    private static final int PARTS_PER_ENTRY = 1 + ManifestEntry.chunksFor(CampaignStore.MAX_CHILDREN_PER_TRANSACTION);
    /**
     * Children kept apart (by result id) that the entries of one page may declare before it ends,
     * at least one entry: their chunks come to about a mebibyte.
     */
    static final int APART_CHILDREN_PER_PAGE = 8192;

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
        long apart = 0;
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
                    if (entries.size() + blocked.size() >= limit || budget.spent() || apart >= APART_CHILDREN_PER_PAGE) {
                        full = true;
                        break;
                    }
                }
                range = range.after(pair.key());
                budget.read(pair.key().length + pair.value().length);
                if (key.part() == 0) {
                    apart += childrenApart(pair);
                }
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

    /** How many children the head in {@code pair} keeps apart, by result id; 0 if it cannot be read. */
    private long childrenApart(KeyValue pair) {
        try {
            ManifestEntry entry = ManifestCodecs.ENTRY.decode(pair.key(), pair.value());
            return entry.chunksByResult() ? entry.children() : 0;
        } catch (UnreadableRecordException e) {
            return 0;
        }
    }

    /**
     * The records of {@code entries}, a page's entries in commit order, with their outcomes and
     * marks read by one range read each, and the chunks kept apart by result id read together;
     * an entry that cannot be read is added to {@code blocked} instead.
     */
    private List<ManifestRecord> records(ReadTransaction tx, List<Parts> entries, List<Blocked> blocked) {
        if (entries.isEmpty()) {
            return List.of();
        }
        Versionstamp first = entries.get(0).stamp();
        Versionstamp last = entries.get(entries.size() - 1).stamp();
        Map<ByteBuffer, byte[]> outcomes = values(tx, keys.outcome(first), keys.outcome(last));
        Map<ByteBuffer, byte[]> marks = values(tx, keys.promoted(first), keys.promoted(last));
        List<byte[]> apartKeys = new ArrayList<>();
        for (Parts entry : entries) {
            apartKeys.addAll(apartChunkKeys(entry));
        }
        List<byte[]> apartValues = tx.getAll(apartKeys);
        Map<ByteBuffer, byte[]> apart = new HashMap<>();
        for (int i = 0; i < apartKeys.size(); i++) {
            if (apartValues.get(i) != null) {
                apart.put(ByteBuffer.wrap(apartKeys.get(i)), apartValues.get(i));
            }
        }
        List<ManifestRecord> records = new ArrayList<>();
        for (Parts entry : entries) {
            try {
                records.add(record(entry.stamp(), withApartChunks(entry, apart),
                        outcomes.get(ByteBuffer.wrap(keys.outcome(entry.stamp()))),
                        marks.get(ByteBuffer.wrap(keys.promoted(entry.stamp())))));
            } catch (UnreadableRecordException e) {
                blocked.add(new Blocked(HEX.formatHex(keys.manifest(entry.stamp(), 0)), e));
            }
        }
        return records;
    }

    /** The keys of the chunks the head of {@code entry} keeps apart by result id; none if it keeps them in the manifest. */
    private List<byte[]> apartChunkKeys(Parts entry) {
        KeyValue head = entry.pairs().get(0);
        try {
            ManifestEntry decoded = ManifestCodecs.ENTRY.decode(head.key(), head.value());
            if (!decoded.chunksByResult()) {
                return List.of();
            }
            List<byte[]> chunks = new ArrayList<>();
            for (int chunk = 0; chunk < decoded.chunks(); chunk++) {
                chunks.add(keys.childChunk(decoded.result(), chunk));
            }
            return chunks;
        } catch (UnreadableRecordException e) {
            return List.of();
        }
    }

    /**
     * The stored parts of {@code entry} with the chunks it keeps apart in their place after the
     * head; a chunk that is missing is left out, which {@link #record} then reports.
     */
    private List<KeyValue> withApartChunks(Parts entry, Map<ByteBuffer, byte[]> apart) {
        List<byte[]> chunkKeys = apartChunkKeys(entry);
        if (chunkKeys.isEmpty()) {
            return entry.pairs();
        }
        List<KeyValue> pairs = new ArrayList<>(entry.pairs());
        for (byte[] key : chunkKeys) {
            byte[] value = apart.get(ByteBuffer.wrap(key));
            if (value != null) {
                pairs.add(new KeyValue(key, value));
            }
        }
        return pairs;
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
        if (parts.isEmpty()) {
            return Optional.empty();
        }
        Parts entry = new Parts(stamp, parts);
        List<byte[]> chunkKeys = apartChunkKeys(entry);
        List<byte[]> values = tx.getAll(chunkKeys);
        Map<ByteBuffer, byte[]> apart = new HashMap<>();
        for (int i = 0; i < chunkKeys.size(); i++) {
            if (values.get(i) != null) {
                apart.put(ByteBuffer.wrap(chunkKeys.get(i)), values.get(i));
            }
        }
        return Optional.of(record(stamp, withApartChunks(entry, apart), tx.get(keys.outcome(stamp)),
                tx.get(keys.promoted(stamp))));
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
            byte[] expected = keys.entryChunk(stamp, entry.result(), entry.chunksByResult(), chunk);
            if (!Arrays.equals(part.key(), expected) || decoded.index() != chunk
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
