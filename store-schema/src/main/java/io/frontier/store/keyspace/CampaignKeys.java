package io.frontier.store.keyspace;

import com.apple.foundationdb.tuple.Tuple;
import com.apple.foundationdb.tuple.Versionstamp;
import io.frontier.store.error.CorruptRecordException;
import io.frontier.store.error.FrontierException;
import io.frontier.store.record.Owner;
import io.frontier.store.record.ResultId;
import io.frontier.store.corpus.Digest;
import io.frontier.store.exploration.ClaimOrder;
import io.frontier.store.coverage.Coverage;
import io.frontier.store.coverage.EdgeMap;
import io.frontier.store.pruning.PruningMap;
import io.frontier.store.session.FeedEntry;
import io.frontier.store.wire.ExecutorKind;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * Encoders and decoders for every key of one campaign (see {@link CampaignSubspace} for the
 * tree). Decoders check the campaign prefix, the subspace, the number and the types of the
 * elements; a key that fails is reported as a {@link CorruptRecordException}.
 *
 * <p>Immutable and thread-safe.
 */
public final class CampaignKeys {

    /** Shards per counter: enough that concurrent ADDs rarely touch the same key. */
    public static final int COUNTER_SHARDS = 8;
    /** Edges per edge map shard: one byte each, so a shard value stays at 4 KiB. */
    public static final int EDGE_SHARD_BYTES = EdgeMap.SHARD_BYTES;
    /** Shards of the edge map: enough for {@link Coverage#MAX_EDGES}. */
    public static final int EDGE_SHARDS = Coverage.MAX_EDGES / EDGE_SHARD_BYTES;

    private static final HexFormat HEX = HexFormat.of();
    /** An executor kind as results name it ({@code symcc}, {@code afl}, {@code command}). */

    private final Tuple prefix;
    private final byte[] prefixBytes;

    /** Keys under {@code prefix}, e.g. {@code ("frontier", "campaign", name)}. */
    public CampaignKeys(Tuple prefix) {
        if (prefix.hasIncompleteVersionstamp()) {
            throw new IllegalArgumentException("campaign prefix holds an incomplete versionstamp");
        }
        this.prefix = prefix;
        this.prefixBytes = prefix.pack();
    }

    /** The keys of the campaign named {@code name}: prefix {@code ("frontier", "campaign", name)}. */
    public static CampaignKeys forCampaign(String name) {
        return new CampaignKeys(Tuple.from("frontier", "campaign", Owner.of(name).name()));
    }

    /** Every key of this campaign. */
    public KeyRange all() {
        return range(prefix);
    }

    /** The subspace of any key of this campaign. */
    public CampaignSubspace subspaceOf(byte[] key) {
        List<Object> items = elements(key);
        if (items.isEmpty() || !(items.get(0) instanceof Long number)) {
            throw malformed(key, "key has no subspace number");
        }
        for (CampaignSubspace subspace : CampaignSubspace.values()) {
            if (subspace.number() == number) {
                return subspace;
            }
        }
        throw malformed(key, "key has an unknown subspace number");
    }

    public byte[] config() {
        return key(CampaignSubspace.CONFIG);
    }

    /** Which campaign the store holds: the id its settings file names too. */
    public byte[] identity() {
        return key(CampaignSubspace.IDENTITY);
    }

    public byte[] epoch() {
        return key(CampaignSubspace.EPOCH);
    }

    public byte[] quiescence() {
        return key(CampaignSubspace.QUIESCENCE);
    }

    /** The heartbeat of the job that runs the current epoch. */
    public byte[] heartbeat() {
        return key(CampaignSubspace.HEARTBEAT);
    }

    /** The {@code sequence}-th change of the campaign's settings. */
    public byte[] settingsChange(long sequence) {
        return key(CampaignSubspace.SETTINGS, sequence);
    }

    /** Every change of the campaign's settings, by sequence. */
    public KeyRange settingsChanges() {
        return range(sub(CampaignSubspace.SETTINGS));
    }

    /** The campaign's exploration policy. */
    public byte[] exploration() {
        return key(CampaignSubspace.EXPLORATION);
    }

    public byte[] work(Digest id) {
        return key(CampaignSubspace.WORK, id.bytes());
    }

    public Digest decodeWork(byte[] key) {
        List<Object> items = expect(key, CampaignSubspace.WORK, 1);
        return workId(key, items.get(1));
    }

    public KeyRange works() {
        return range(sub(CampaignSubspace.WORK));
    }

    /** The shard of {@code id}'s counter updates: a digest byte the bucket does not use. */
    public static int shardOf(Digest id) {
        return (id.bytes()[4] & 0xff) % COUNTER_SHARDS;
    }

    /**
     * The index entry of a pending tier-0 item without a count of new edges (a seed, an input kept
     * without triage), which is claimed before every ranked item.
     */
    public byte[] ready(int bucket, Digest id) {
        return key(CampaignSubspace.READY, (long) bucket, id.bytes());
    }

    public ReadyKey decodeReady(byte[] key) {
        List<Object> items = expect(key, CampaignSubspace.READY, 2);
        return new ReadyKey(ClaimOrder.NEW_COVERAGE, intOf(key, items.get(1)), workId(key, items.get(2)));
    }

    public KeyRange ready() {
        return range(sub(CampaignSubspace.READY));
    }

    public KeyRange ready(int bucket) {
        return range(sub(CampaignSubspace.READY).add((long) bucket));
    }

    /** The index entry of a pending item at {@code claimOrder}, at {@code rank} inside its tier. */
    public byte[] tiered(int claimOrder, int rank, int bucket, Digest id) {
        return key(CampaignSubspace.TIERED, (long) claimOrder, (long) rank, (long) bucket, id.bytes());
    }

    public TieredKey decodeTiered(byte[] key) {
        List<Object> items = expect(key, CampaignSubspace.TIERED, 4);
        return new TieredKey(claimOrderOf(key, items.get(1)), intOf(key, items.get(2)), intOf(key, items.get(3)),
                workId(key, items.get(4)));
    }

    /** Every ranked pending item, lowest claim order and rank first. */
    public KeyRange tiered() {
        return range(sub(CampaignSubspace.TIERED));
    }

    /** A key of {@link #ready()} or of {@link #tiered()}, decoded as the one it is. */
    public ReadyKey decodeAnyReady(byte[] key) {
        if (subspaceOf(key) == CampaignSubspace.TIERED) {
            TieredKey tiered = decodeTiered(key);
            return new ReadyKey(tiered.claimOrder(), tiered.bucket(), tiered.id());
        }
        return decodeReady(key);
    }

    /** The index entry of a pending session item: slot {@code slot} of kind {@code kind}. */
    public byte[] session(String kind, int slot, Digest id) {
        return key(CampaignSubspace.SESSIONS, kind, (long) slot, id.bytes());
    }

    public SessionKey decodeSession(byte[] key) {
        List<Object> items = expect(key, CampaignSubspace.SESSIONS, 3);
        if (!(items.get(1) instanceof String kind)) {
            throw malformed(key, "session kind element is not a string");
        }
        return new SessionKey(kind, intOf(key, items.get(2)), workId(key, items.get(3)));
    }

    /** Every pending session item of {@code kind}, by slot. */
    public KeyRange sessions(String kind) {
        return range(sub(CampaignSubspace.SESSIONS).add(kind));
    }

    /** Every pending session item, by kind and slot. */
    public KeyRange sessions() {
        return range(sub(CampaignSubspace.SESSIONS));
    }

    /**
     * The key of part {@code part} of the feed entry this transaction writes, versionstamp
     * pending; the parts of one transaction share its versionstamp.
     */
    public Tuple feedToStamp(int part) {
        return sub(CampaignSubspace.FEED).add(Versionstamp.incomplete(0)).add((long) part);
    }

    public byte[] feed(Versionstamp versionstamp, int part) {
        return sub(CampaignSubspace.FEED).add(versionstamp).add((long) part).pack();
    }

    public FeedEntry.Position decodeFeed(byte[] key) {
        List<Object> items = expect(key, CampaignSubspace.FEED, 2);
        return new FeedEntry.Position(stamp(key, items.get(1)), intOf(key, items.get(2)));
    }

    /** The whole feed, in commit order. */
    public KeyRange feed() {
        return range(sub(CampaignSubspace.FEED));
    }

    /** The feed after {@code position} (null: from its start), in commit order. */
    public KeyRange feedAfter(FeedEntry.Position position) {
        KeyRange all = feed();
        return position == null ? all : new KeyRange(keyAfter(feed(position.stamp(), position.part())), all.end());
    }

    public byte[] leased(long epoch, double expiry, Digest id) {
        return key(CampaignSubspace.LEASED, epoch, expiry, id.bytes());
    }

    public LeasedKey decodeLeased(byte[] key) {
        List<Object> items = expect(key, CampaignSubspace.LEASED, 3);
        if (!(items.get(1) instanceof Long epoch) || !(items.get(2) instanceof Double expiry)) {
            throw malformed(key, "leased key element has the wrong type");
        }
        return new LeasedKey(epoch, expiry, workId(key, items.get(3)));
    }

    public KeyRange leased() {
        return range(sub(CampaignSubspace.LEASED));
    }

    /**
     * The leases recovery may take back in {@code epoch} at {@code now}: every lease of an older
     * epoch, and every lease of {@code epoch} whose expiry is at or before {@code now}.
     */
    public KeyRange recoverable(long epoch, double now) {
        return new KeyRange(range(sub(CampaignSubspace.LEASED)).begin(),
                range(sub(CampaignSubspace.LEASED).add(epoch).add(now)).end());
    }

    public byte[] committing(Digest id) {
        return key(CampaignSubspace.COMMITTING, id.bytes());
    }

    public Digest decodeCommitting(byte[] key) {
        return workId(key, expect(key, CampaignSubspace.COMMITTING, 1).get(1));
    }

    public KeyRange committing() {
        return range(sub(CampaignSubspace.COMMITTING));
    }

    /**
     * The key of part {@code part} of an entry this transaction writes, versionstamp pending.
     * Entries written by one transaction share its versionstamp and differ by
     * {@code userVersion} (0 to 65535), which also orders them.
     */
    public Tuple manifestToStamp(int userVersion, int part) {
        return sub(CampaignSubspace.MANIFEST).add(Versionstamp.incomplete(userVersion)).add((long) part);
    }

    public byte[] manifest(Versionstamp versionstamp, int part) {
        return sub(CampaignSubspace.MANIFEST).add(versionstamp).add((long) part).pack();
    }

    public ManifestKey decodeManifest(byte[] key) {
        List<Object> items = expect(key, CampaignSubspace.MANIFEST, 2);
        return new ManifestKey(stamp(key, items.get(1)), intOf(key, items.get(2)));
    }

    /** Every part of the entry committed at {@code versionstamp}. */
    public KeyRange manifest(Versionstamp versionstamp) {
        return range(sub(CampaignSubspace.MANIFEST).add(versionstamp));
    }

    /** The whole manifest, in commit order. */
    public KeyRange manifest() {
        return range(sub(CampaignSubspace.MANIFEST));
    }

    public byte[] result(ResultId result) {
        return key(CampaignSubspace.RESULT, result.bytes());
    }

    public ResultId decodeResult(byte[] key) {
        return resultId(key, expect(key, CampaignSubspace.RESULT, 1).get(1));
    }

    /**
     * Where child chunk {@code index} of the entry committed at {@code versionstamp} for
     * {@code result} lies: under the result id if the entry says its chunks were written ahead of
     * the decision ({@code byResult}), else under the versionstamp, part {@code index + 1}.
     */
    public byte[] entryChunk(Versionstamp versionstamp, ResultId result, boolean byResult, int index) {
        return byResult ? childChunk(result, index) : manifest(versionstamp, index + 1);
    }

    /** Child chunk {@code index} of the entry of {@code result}, written ahead of its decision. */
    public byte[] childChunk(ResultId result, int index) {
        return key(CampaignSubspace.CHILD_CHUNKS, result.bytes(), (long) index);
    }

    /** Every chunk written ahead for {@code result}. */
    public KeyRange childChunks(ResultId result) {
        return range(sub(CampaignSubspace.CHILD_CHUNKS).add(result.bytes()));
    }

    /** The mark of a decision for {@code result}, taken in {@code epoch}, whose chunks are being written ahead. */
    public byte[] draft(long epoch, ResultId result) {
        return key(CampaignSubspace.DRAFTS, epoch, result.bytes());
    }

    public DraftKey decodeDraft(byte[] key) {
        List<Object> items = expect(key, CampaignSubspace.DRAFTS, 2);
        if (!(items.get(1) instanceof Long epoch) || epoch < 1) {
            throw malformed(key, "draft key has no epoch");
        }
        return new DraftKey(epoch, resultId(key, items.get(2)));
    }

    /** The drafts of epochs before {@code epoch}: decisions that can no longer be taken. */
    public KeyRange draftsBefore(long epoch) {
        return new KeyRange(range(sub(CampaignSubspace.DRAFTS)).begin(), range(sub(CampaignSubspace.DRAFTS).add(epoch)).begin());
    }

    /** What part {@code part} of the completion of {@code result} enqueued. */
    public byte[] completionPart(ResultId result, int part) {
        return key(CampaignSubspace.COMPLETION_PARTS, result.bytes(), (long) part);
    }

    /** Every part recorded for the completion of {@code result}. */
    public KeyRange completionParts(ResultId result) {
        return range(sub(CampaignSubspace.COMPLETION_PARTS).add(result.bytes()));
    }

    /** The promotion bitmap of the entry committed at {@code versionstamp}. */
    public byte[] promoted(Versionstamp versionstamp) {
        return sub(CampaignSubspace.PROMOTED).add(versionstamp).pack();
    }

    public Versionstamp decodePromoted(byte[] key) {
        return stamp(key, expect(key, CampaignSubspace.PROMOTED, 1).get(1));
    }

    /**
     * The outcome of the entry the running transaction writes under {@code userVersion} (see
     * {@link #manifestToStamp}): an entry that ends in the transaction that decides it.
     */
    public Tuple outcomeToStamp(int userVersion) {
        return sub(CampaignSubspace.OUTCOME).add(Versionstamp.incomplete(userVersion));
    }

    /** The outcome of the entry committed at {@code versionstamp}. */
    public byte[] outcome(Versionstamp versionstamp) {
        return sub(CampaignSubspace.OUTCOME).add(versionstamp).pack();
    }

    public Versionstamp decodeOutcome(byte[] key) {
        return stamp(key, expect(key, CampaignSubspace.OUTCOME, 1).get(1));
    }

    public byte[] count(Counter counter, int shard) {
        if (shard < 0 || shard >= COUNTER_SHARDS) {
            throw new IllegalArgumentException("counter shard out of range");
        }
        return key(CampaignSubspace.COUNT, counter.number(), (long) shard);
    }

    public CountKey decodeCount(byte[] key) {
        List<Object> items = expect(key, CampaignSubspace.COUNT, 2);
        Counter counter = items.get(1) instanceof Long number ? Counter.fromNumber(number) : null;
        int shard = intOf(key, items.get(2));
        if (counter == null || shard >= COUNTER_SHARDS) {
            throw malformed(key, "count key names an unknown counter or shard");
        }
        return new CountKey(counter, shard);
    }

    public KeyRange counts() {
        return range(sub(CampaignSubspace.COUNT));
    }

    public KeyRange counts(Counter counter) {
        return range(sub(CampaignSubspace.COUNT).add(counter.number()));
    }

    public byte[] receipt(Owner owner, ReceiptKind kind) {
        return key(CampaignSubspace.RECEIPT, owner.name(), kind.number());
    }

    public ReceiptKey decodeReceipt(byte[] key) {
        List<Object> items = expect(key, CampaignSubspace.RECEIPT, 2);
        ReceiptKind kind = items.get(2) instanceof Long number ? ReceiptKind.fromNumber(number) : null;
        if (!(items.get(1) instanceof String name) || kind == null) {
            throw malformed(key, "receipt key element has the wrong type");
        }
        try {
            return new ReceiptKey(Owner.of(name), kind);
        } catch (FrontierException e) {
            throw malformed(key, e.getMessage());
        }
    }

    /** The finding of {@code input}, listed under its duplicate-grouping {@code signature}. */
    public byte[] finding(String signature, Digest input) {
        return key(CampaignSubspace.FINDING, signature, input.bytes());
    }

    /** Every finding, grouped by signature. */
    public KeyRange findings() {
        return range(sub(CampaignSubspace.FINDING));
    }

    /** Shard {@code shard} of the edge map: edges {@code shard * EDGE_SHARD_BYTES} onwards. */
    public byte[] edges(int shard) {
        if (shard < 0 || shard >= EDGE_SHARDS) {
            throw new IllegalArgumentException("edge map shard out of range");
        }
        return key(CampaignSubspace.EDGES, (long) shard);
    }

    public int decodeEdges(byte[] key) {
        int shard = intOf(key, expect(key, CampaignSubspace.EDGES, 1).get(1));
        if (shard >= EDGE_SHARDS) {
            throw malformed(key, "edge map key names a shard out of range");
        }
        return shard;
    }

    /** The whole edge map. */
    public KeyRange edgeMap() {
        return range(sub(CampaignSubspace.EDGES));
    }

    /** Shard {@code shard} of the campaign's shared SymCC pruning map. */
    public byte[] pruning(int shard) {
        if (shard < 0 || shard >= PruningMap.SHARDS) {
            throw new IllegalArgumentException("pruning map shard out of range");
        }
        return key(CampaignSubspace.PRUNING, (long) shard);
    }

    public int decodePruning(byte[] key) {
        int shard = intOf(key, expect(key, CampaignSubspace.PRUNING, 1).get(1));
        if (shard >= PruningMap.SHARDS) {
            throw malformed(key, "pruning map key names a shard out of range");
        }
        return shard;
    }

    /** The whole shared pruning map. */
    public KeyRange pruningMap() {
        return range(sub(CampaignSubspace.PRUNING));
    }

    /** Whether the campaign's SymCC runs share one pruning map. */
    public byte[] pruningPolicy() {
        return key(CampaignSubspace.PRUNING_POLICY);
    }

    /** The executions committed by the coordinator {@code owner}. */
    public byte[] load(Owner owner) {
        return key(CampaignSubspace.LOAD, owner.name());
    }

    public Owner decodeLoad(byte[] key) {
        if (!(expect(key, CampaignSubspace.LOAD, 1).get(1) instanceof String name)) {
            throw malformed(key, "load key element is not an owner name");
        }
        try {
            return Owner.of(name);
        } catch (FrontierException e) {
            throw malformed(key, e.getMessage());
        }
    }

    public KeyRange loads() {
        return range(sub(CampaignSubspace.LOAD));
    }

    /** {@code counter} of the executions of {@code executor} that the coordinator {@code owner} committed. */
    public byte[] executorCount(Owner owner, String executor, ExecutorCounter counter) {
        if (!ExecutorKind.isWellFormed(executor)) {
            throw new IllegalArgumentException("executor kind is not 1 to 32 characters of [a-z_], got " + executor);
        }
        return key(CampaignSubspace.EXECUTOR_COUNTS, owner.name(), executor, counter.number());
    }

    public ExecutorCountKey decodeExecutorCount(byte[] key) {
        List<Object> items = expect(key, CampaignSubspace.EXECUTOR_COUNTS, 3);
        ExecutorCounter counter = items.get(3) instanceof Long number ? ExecutorCounter.fromNumber(number) : null;
        if (!(items.get(1) instanceof String name) || !(items.get(2) instanceof String executor)
                || !ExecutorKind.isWellFormed(executor) || counter == null) {
            throw malformed(key, "executor count key names no owner, executor kind or known counter");
        }
        try {
            return new ExecutorCountKey(Owner.of(name), executor, counter);
        } catch (FrontierException e) {
            throw malformed(key, e.getMessage());
        }
    }

    /** Every executor count, by owner, then executor kind, then counter. */
    public KeyRange executorCounts() {
        return range(sub(CampaignSubspace.EXECUTOR_COUNTS));
    }

    /** The marker of {@code result}, written once when it is counted as an invalid result. */
    public byte[] invalid(ResultId result) {
        return key(CampaignSubspace.INVALID, result.bytes());
    }

    public ResultId decodeInvalid(byte[] key) {
        return resultId(key, expect(key, CampaignSubspace.INVALID, 1).get(1));
    }

    /** Every invalid-result marker, in result id order. */
    public KeyRange invalids() {
        return range(sub(CampaignSubspace.INVALID));
    }

    /** The value of a COMMITTING key: the result the item committed. */
    public static byte[] committingValue(ResultId result) {
        return Tuple.from((Object) result.bytes()).pack();
    }

    /** Reads a COMMITTING value, read from {@code key}. */
    public ResultId decodeCommittingValue(byte[] key, byte[] value) {
        List<Object> items = unpack(key, value);
        if (items.size() != 1) {
            throw malformed(key, "committing value is not one result id");
        }
        return resultId(key, items.get(0));
    }

    /** The value that records, in the RESULT index, the versionstamp of entry {@code userVersion}. */
    public static Tuple versionstampToStamp(int userVersion) {
        return Tuple.from(Versionstamp.incomplete(userVersion));
    }

    /** Reads a RESULT value, read from {@code key}: the entry's versionstamp. */
    public Versionstamp decodeVersionstampValue(byte[] key, byte[] value) {
        List<Object> items = unpack(key, value);
        if (items.size() != 1 || !(items.get(0) instanceof Versionstamp stamp) || !stamp.isComplete()) {
            throw malformed(key, "result value is not one complete versionstamp");
        }
        return stamp;
    }

    /**
     * The integer an atomic ADD left in {@code value} (a counter shard, a load or an executor
     * count): 8-byte little-endian two's complement, a shorter value zero-padded and a longer one
     * cut, as ADD itself reads it.
     */
    public static long decodeSum(byte[] value) {
        byte[] padded = Arrays.copyOf(value, Long.BYTES);
        return ByteBuffer.wrap(padded).order(ByteOrder.LITTLE_ENDIAN).getLong();
    }

    /** The first key after {@code key} in byte order: {@code key} with a zero byte appended. */
    private static byte[] keyAfter(byte[] key) {
        return Arrays.copyOf(key, key.length + 1);
    }

    private Tuple sub(CampaignSubspace subspace) {
        return prefix.add(subspace.number());
    }

    private byte[] key(CampaignSubspace subspace, Object... elements) {
        return sub(subspace).addAll(Arrays.asList(elements)).pack();
    }

    private static KeyRange range(Tuple tuple) {
        com.apple.foundationdb.Range range = tuple.range();
        return new KeyRange(range.begin, range.end);
    }

    private List<Object> elements(byte[] key) {
        if (key.length < prefixBytes.length
                || !Arrays.equals(key, 0, prefixBytes.length, prefixBytes, 0, prefixBytes.length)) {
            throw malformed(key, "key is not under this campaign's prefix");
        }
        return unpackRange(key, prefixBytes.length, key.length - prefixBytes.length);
    }

    private List<Object> expect(byte[] key, CampaignSubspace subspace, int arity) {
        List<Object> items = elements(key);
        if (items.size() != arity + 1 || !(items.get(0) instanceof Long number) || number != subspace.number()) {
            throw malformed(key, "key does not have the layout of its subspace").with("subspace", subspace);
        }
        return items;
    }

    private List<Object> unpack(byte[] key, byte[] value) {
        if (value == null) {
            throw malformed(key, "index value is missing");
        }
        return unpackRange(key, value, 0, value.length);
    }

    private List<Object> unpackRange(byte[] key, int offset, int length) {
        return unpackRange(key, key, offset, length);
    }

    private List<Object> unpackRange(byte[] key, byte[] bytes, int offset, int length) {
        try {
            return Tuple.fromBytes(bytes, offset, length).getItems();
        } catch (RuntimeException e) {
            throw malformed(key, "bytes are not a tuple");
        }
    }

    private CorruptRecordException malformed(byte[] key, String problem) {
        CorruptRecordException error = new CorruptRecordException("stored key or index value is malformed");
        error.with("key", HEX.formatHex(key)).with("problem", problem);
        return error;
    }

    private Digest workId(byte[] key, Object element) {
        if (!(element instanceof byte[] bytes) || bytes.length != Digest.BYTES) {
            throw malformed(key, "work id element is not 32 bytes");
        }
        return Digest.of(bytes);
    }

    private ResultId resultId(byte[] key, Object element) {
        if (!(element instanceof byte[] bytes)) {
            throw malformed(key, "result id element is not bytes");
        }
        try {
            return ResultId.fromBytes(bytes);
        } catch (FrontierException e) {
            throw malformed(key, e.getMessage());
        }
    }

    private Versionstamp stamp(byte[] key, Object element) {
        if (!(element instanceof Versionstamp stamp) || !stamp.isComplete()) {
            throw malformed(key, "key lacks a complete versionstamp");
        }
        return stamp;
    }

    /** A claim order: a non-negative int, or {@link ClaimOrder#GATE}, which stands ahead of tier 0. */
    private int claimOrderOf(byte[] key, Object element) {
        return element instanceof Long number && number == ClaimOrder.GATE ? ClaimOrder.GATE : intOf(key, element);
    }

    private int intOf(byte[] key, Object element) {
        if (!(element instanceof Long number) || number < 0 || number > Integer.MAX_VALUE) {
            throw malformed(key, "element is not a non-negative int");
        }
        return number.intValue();
    }
}
