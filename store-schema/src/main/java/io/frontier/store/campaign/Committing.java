package io.frontier.store.campaign;

import com.apple.foundationdb.tuple.Versionstamp;
import io.frontier.store.error.CorruptRecordException;
import io.frontier.store.error.FrontierException;
import io.frontier.store.error.InvalidInputException;
import io.frontier.store.error.StaleTokenException;
import io.frontier.store.error.UnknownWorkException;
import io.frontier.store.error.UnreadableRecordException;
import io.frontier.store.error.WrongStateException;
import io.frontier.store.exploration.ExecutorRouting;
import io.frontier.store.exploration.Exploration;
import io.frontier.store.exploration.ExplorationPolicy;
import io.frontier.store.exploration.Rounds;
import io.frontier.store.exploration.Tier;
import io.frontier.store.exploration.TierRoom;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.wire.LeftOut;
import io.frontier.store.keyspace.DraftKey;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.keyspace.ExecutorCounter;
import io.frontier.store.keyspace.KeyRange;
import io.frontier.store.kv.KeyValue;
import io.frontier.store.kv.ReadTransaction;
import io.frontier.store.kv.Transaction;
import io.frontier.store.coverage.EdgeMap;
import io.frontier.store.coverage.Novelty;
import io.frontier.store.manifest.Child;
import io.frontier.store.manifest.ChildChunk;
import io.frontier.store.manifest.ChildFate;
import io.frontier.store.manifest.ManifestCodecs;
import io.frontier.store.manifest.ManifestEntry;
import io.frontier.store.manifest.Outcome;
import io.frontier.store.manifest.PromotionMarks;
import io.frontier.store.manifest.ResultOutcome;
import io.frontier.store.record.CampaignConfig;
import io.frontier.store.record.FindingRecord;
import io.frontier.store.record.Owner;
import io.frontier.store.record.ResultId;
import io.frontier.store.corpus.Digest;
import io.frontier.store.record.WorkPayload;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.record.WorkState;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.wire.Execution;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * The transaction bodies of the commit edges: the commit decision with its triage, promotion
 * marks, completion, abandonment, and reading committing entries for replay. Each body does all
 * its checks before its first write, so a refused item in a batch leaves nothing behind.
 */
final class Committing {

    /**
     * Children the entries of one page of the committing index may declare before it ends: their
     * chunks come to about a mebibyte.
     */
    static final int CHILDREN_PER_PAGE = 8192;

    private final CampaignKeys keys;
    private final CampaignConfig config;
    private final ExplorationPolicy policy;
    private final Rounds rounds;
    private final FindingRecorder findings;
    /**
     * False in a campaign whose only executors are fuzzing sessions: nothing would ever run an
     * input enqueued as work, so a kept child joins the feed alone, and one that reached nothing
     * new is not kept for later.
     */
    private final boolean runsInputs;

    /** @param executorKinds the executor kinds of the job committing, which later rounds run on */
    Committing(CampaignKeys keys, CampaignConfig config, ExplorationPolicy policy, List<String> executorKinds) {
        this.keys = keys;
        this.config = config;
        this.policy = policy;
        this.rounds = new Rounds(policy, executorKinds);
        this.findings = new FindingRecorder(keys);
        this.runsInputs = executorKinds.isEmpty() || new ExecutorRouting(executorKinds).runsInputs();
    }

    /**
     * The commit decisions of a batch, each taken on its own by {@link #begin}, against one
     * {@link EdgeMap} for the whole batch: a request sees the tuples that earlier requests of the
     * batch admitted. What the decisions read is fetched first, together ({@link #prefetch}): the
     * work records, result index and finding keys serializably, and every edge map shard any
     * declared coverage falls in by snapshot. Once every decision is taken, the children they let
     * join the frontier are looked up together, by snapshot, to count those known as work
     * already ({@link KnownChildren}).
     *
     * <p>What the batch admitted is merged last, with one BIT_OR of the full shard width (4 KiB)
     * per shard it added to, for at most {@link CampaignStore#MAX_EDGE_SHARDS_PER_TRANSACTION}
     * shards: a request whose children would take the batch past that is left for the next
     * transaction (its result is null), unless no earlier request of this transaction added to
     * the map. Such a first request may add to more shards on its own; the bits of the shards
     * past the bound are handed back in {@link CommitRound#unmerged} for the caller to merge.
     */
    CommitRound beginAll(ReadAhead tx, WorkTable table, List<CommitRequest> requests, long epoch, double now) {
        return beginAll(tx, table, requests, epoch, now, null);
    }

    /**
     * {@link #beginAll}, where {@code ending} is not null, also ends in this transaction the entry
     * of every decision that keeps no child ({@link #endAtOnce}) and notes it in {@code ending}, so
     * that a later attempt of the same call returns what the attempt that committed decided.
     */
    CommitRound beginAll(ReadAhead tx, WorkTable table, List<CommitRequest> requests, long epoch, double now,
            AttemptMemory<CommitTicket> ending) {
        if (ending != null) {
            ending.beginAttempt();
        }
        Map<Integer, byte[]> shards = prefetch(tx, requests);
        EdgeMap map = new EdgeMap(shard -> shards.containsKey(shard) ? shards.get(shard)
                : tx.snapshot().get(keys.edges(shard)));
        // Triage admits only the coverage prefetched, so a batch whose coverage falls in no more
        // shards than a transaction merges fits whole, and no request needs its own count.
        boolean batchFits = shards.size() <= CampaignStore.MAX_EDGE_SHARDS_PER_TRANSACTION;
        Supplier<TierRoom> room = lazily(() -> tierRoom(tx.snapshot()));
        KnownChildren known = new KnownChildren(keys);
        List<ItemResult<CommitTicket>> results = new ArrayList<>(requests.size());
        for (int i = 0; i < requests.size(); i++) {
            try {
                CommitTicket ticket = begin(tx, table, map, batchFits, room, known, requests.get(i), i, epoch, now,
                        ending);
                results.add(ticket == null ? null : ItemResult.ok(ticket));
            } catch (FrontierException e) {
                results.add(ItemResult.failed(e));
            }
        }
        known.count(tx);
        Map<Integer, byte[]> unmerged = new TreeMap<>();
        int merged = 0;
        for (Map.Entry<Integer, byte[]> addition : map.additions().entrySet()) {
            if (merged < CampaignStore.MAX_EDGE_SHARDS_PER_TRANSACTION) {
                tx.bitOr(keys.edges(addition.getKey()), addition.getValue());
                merged++;
            } else {
                unmerged.put(addition.getKey(), addition.getValue());
            }
        }
        return new CommitRound(results, unmerged);
    }

    /**
     * Reads together what the decisions of {@code requests} will ask for: serializably each
     * item's work record, its result's index key and every finding key it may record; by
     * snapshot every edge map shard a declared coverage has a tuple in, returned by shard.
     */
    private Map<Integer, byte[]> prefetch(ReadAhead tx, List<CommitRequest> requests) {
        List<byte[]> serializable = new ArrayList<>();
        Set<Integer> shards = new TreeSet<>();
        for (CommitRequest request : requests) {
            serializable.add(keys.work(request.lease().work()));
            serializable.add(keys.result(request.result()));
            if (request.finding() != null) {
                serializable.add(keys.finding(request.finding().signature(), request.lease().work()));
            }
            for (DeclaredChild child : request.children()) {
                if (child.finding() != null) {
                    serializable.add(keys.finding(child.finding().signature(), child.digest()));
                } else if (child.coverage() != null) {
                    shards.addAll(EdgeMap.shardsOf(child.coverage()));
                }
            }
        }
        tx.prefetch(serializable);
        List<Integer> numbers = new ArrayList<>(shards);
        List<byte[]> values = tx.snapshot().getAll(numbers.stream().map(keys::edges).toList());
        Map<Integer, byte[]> stored = new HashMap<>();
        for (int i = 0; i < numbers.size(); i++) {
            stored.put(numbers.get(i), values.get(i));
        }
        return stored;
    }

    /**
     * True if {@code request}'s children may add to the map in this transaction: no earlier
     * request added to it, or they add to no shard it has not added to, or the shards added with
     * theirs stay within {@link CampaignStore#MAX_EDGE_SHARDS_PER_TRANSACTION}. Counted before any
     * child is admitted, so an upper bound: admitting one child only ever leaves less for the next.
     */
    private static boolean fits(EdgeMap map, CommitRequest request) {
        Set<Integer> added = map.shardsAdded();
        if (added.isEmpty()) {
            return true;
        }
        Set<Integer> fresh = new TreeSet<>();
        for (DeclaredChild child : request.children()) {
            if (child.finding() == null && child.coverage() != null) {
                for (int shard : map.shardsGaining(child.coverage())) {
                    if (!added.contains(shard)) {
                        fresh.add(shard);
                    }
                }
            }
        }
        return fresh.isEmpty() || added.size() + fresh.size() <= CampaignStore.MAX_EDGE_SHARDS_PER_TRANSACTION;
    }

    /**
     * The commit decision for one request; see {@link CampaignStore#beginCommit}. Triage runs
     * after every check (the entry's head included), and nothing after it can refuse the
     * request, so a refused request admits nothing into {@code map} and records no finding.
     *
     * @param batchFits true if every request of the batch {@linkplain #fits fits}, whatever it admits
     * @param userVersion distinct for every entry this transaction writes
     * @param ending null to leave the entry committing; else where a decision that keeps no child
     *     and so ends its entry at once is noted (see {@link #beginAll(ReadAhead, WorkTable, List,
     *     long, double, AttemptMemory)})
     * @return the decision, or null if the request was left for the next transaction (it does
     *     not {@linkplain #fits fit}); nothing was written for it then
     */
    private CommitTicket begin(ReadAhead tx, WorkTable table, EdgeMap map, boolean batchFits,
            Supplier<TierRoom> room, KnownChildren known, CommitRequest request, int userVersion, long epoch, double now,
            AttemptMemory<CommitTicket> ending) {
        Lease lease = request.lease();
        WorkRecord record = table.require(lease.work());
        if (ending != null) {
            CommitTicket ended = endedBefore(tx, record, request, ending);
            if (ended != null) {
                return ended;
            }
        }
        if (record.state() == WorkState.COMMITTING || record.state() == WorkState.DONE) {
            return taken(tx, record, request, epoch);
        }
        EpochFence.checkHeld(record, lease, epoch);
        refuseRecordedResult(tx, record, request);
        ManifestEntry entry = entryOf(record, request, epoch, now, false);
        if (!batchFits && !fits(map, request)) {
            return null;
        }
        Triaged triaged = triage(map, room, record, request, epoch, now);
        List<Child> children = triaged.children();
        record(tx, table, record, triaged, 0);
        tx.setVersionstampedKey(keys.manifestToStamp(userVersion, 0), ManifestCodecs.ENTRY.encode(entry));
        for (int chunk = 0; chunk < entry.chunks(); chunk++) {
            tx.setVersionstampedKey(keys.manifestToStamp(userVersion, chunk + 1),
                    ManifestCodecs.CHUNK.encode(chunkOf(request.result(), children, chunk)));
        }
        tx.setVersionstampedValue(keys.result(request.result()), CampaignKeys.versionstampToStamp(userVersion));
        known.offer(record.owner(), request.execution().executor(), triaged.joined());
        if (ending != null && children.stream().noneMatch(child -> child.fate().kept())) {
            CommitTicket ticket = new CommitTicket(entry, children, false,
                    endAtOnce(tx, table, record, entry, children, userVersion, epoch, now));
            ending.wrote(request.result(), ticket);
            return ticket;
        }
        table.write(record, record.committing(request.result()));
        return new CommitTicket(entry, children, false);
    }

    /**
     * Ends the entry of a decision that keeps no child in the transaction that writes it, as
     * {@link #complete} would end it right after: nothing is left to promote, mark or enqueue, so
     * the item goes from {@code leased} straight to where completion takes it ({@code done}, or
     * pending for another round), and the outcome is written beside the entry under the same
     * versionstamp. The entry is never seen committing; its stage holds only the bytes of
     * redundant children, which whoever removes the stage drops.
     */
    private Completion endAtOnce(Transaction tx, WorkTable table, WorkRecord leased, ManifestEntry entry,
            List<Child> children, int userVersion, long epoch, double now) {
        WorkRecord after = ended(leased.committing(entry.result()), entry.execution(), children, epoch);
        table.write(leased, after);
        ResultOutcome outcome = doneOutcome(entry.result(), entry.work(), 0, epoch, now);
        tx.setVersionstampedKey(keys.outcomeToStamp(userVersion), ManifestCodecs.OUTCOME.encode(outcome));
        return new Completion(outcome, List.of(), false, after.state());
    }

    /**
     * The ticket of a decision of {@code request} that ended its entry before this attempt, or
     * null: one that an earlier attempt of this call took and that committed (its result index
     * key is there), or, for a repeated call, an entry of the item that ended done (the item is
     * done with this result, or went on to another round after it).
     */
    private CommitTicket endedBefore(ReadTransaction tx, WorkRecord record, CommitRequest request,
            AttemptMemory<CommitTicket> ending) {
        Optional<CommitTicket> mine = ending.earlier(request.result());
        if (mine.isPresent() && tx.get(keys.result(request.result())) != null) {
            return mine.get();
        }
        boolean done = record.state() == WorkState.DONE && request.result().equals(record.result());
        ResultOutcome earlier = done ? outcome(tx, versionstampOf(tx, request.result()))
                : earlierRound(tx, record, request.result());
        if (earlier == null) {
            return null;
        }
        Versionstamp stamp = versionstampOf(tx, request.result());
        ManifestEntry entry = entry(tx, stamp);
        if (!request.lease().token().equals(entry.token())) {
            throw new StaleTokenException("the result was committed under another token")
                    .with("work", record.id()).with("result", request.result()).with("expectedToken", entry.token())
                    .with("presentedToken", request.lease().token());
        }
        return new CommitTicket(entry, children(tx, stamp, entry), true,
                new Completion(earlier, List.of(), true, record.state()));
    }

    /**
     * The stored decision of {@code request}'s item, which is committing or done: a repeated call
     * with the same token and result gets it back; another token or result is refused.
     */
    private CommitTicket taken(ReadTransaction tx, WorkRecord record, CommitRequest request, long epoch) {
        Lease lease = request.lease();
        if (!lease.token().equals(record.token())) {
            throw new StaleTokenException("work is committed under another token")
                    .with("work", record.id()).with("expectedToken", record.token())
                    .with("presentedToken", lease.token()).with("recordEpoch", record.epoch())
                    .with("presentedEpoch", epoch);
        }
        if (!request.result().equals(record.result())) {
            throw new WrongStateException("work is already committing another result")
                    .with("work", record.id()).with("committedResult", record.result())
                    .with("presentedResult", request.result());
        }
        Versionstamp stamp = versionstampOf(tx, request.result());
        ManifestEntry entry = entry(tx, stamp);
        return new CommitTicket(entry, children(tx, stamp, entry), true);
    }

    private void refuseRecordedResult(ReadTransaction tx, WorkRecord record, CommitRequest request) {
        if (tx.get(keys.result(request.result())) != null) {
            throw new InvalidInputException("result id is already recorded for another commit")
                    .with("work", record.id()).with("result", request.result());
        }
    }

    /** The head of the entry the decision for {@code request} writes. */
    private static ManifestEntry entryOf(WorkRecord record, CommitRequest request, long epoch, double now,
                                         boolean chunksByResult) {
        int declared = request.children().size();
        return new ManifestEntry(ManifestEntry.SCHEMA, request.result(), record.id(), record.token(), record.owner(),
                epoch, request.stage(), declared, ManifestEntry.chunksFor(declared), request.execution(), now,
                record.round(), record.limitFactor(), request.leftOut(), chunksByResult);
    }

    /** Chunk {@code chunk} of {@code children}, the children of {@code result} in order. */
    private static ChildChunk chunkOf(ResultId result, List<Child> children, int chunk) {
        int from = chunk * ManifestEntry.CHUNK_SIZE;
        return new ChildChunk(ChildChunk.SCHEMA, result, chunk,
                children.subList(from, Math.min(children.size(), from + ManifestEntry.CHUNK_SIZE)));
    }

    /**
     * The writes every decision makes beside its entry, once nothing can refuse it any more: the
     * findings it records (each once, see {@link FindingRecorder}), its execution in the owner's
     * load, its counts by executor kind ({@code knownBefore} of its children are copies, when the
     * caller counted them; else {@link KnownChildren} does), and the outputs it left out.
     */
    private void record(Transaction tx, WorkTable table, WorkRecord record, Triaged triaged, long knownBefore) {
        for (FindingRecord finding : triaged.findings()) {
            findings.record(tx, table, finding);
        }
        tx.add(keys.load(record.owner()), 1);
        countByExecutor(tx, record.owner(), triaged.execution(), triaged);
        if (knownBefore > 0) {
            tx.add(keys.executorCount(record.owner(), triaged.execution().executor(), ExecutorCounter.KNOWN_BEFORE),
                    knownBefore);
        }
        LeftOut leftOut = triaged.leftOut();
        Map<Counter, Integer> left = Map.of(Counter.LEFT_OUT_LINKS, leftOut.links(), Counter.LEFT_OUT_SPECIAL,
                leftOut.special(), Counter.LEFT_OUT_OVER_LIMIT, leftOut.overLimit());
        left.forEach((counter, amount) -> {
            if (amount > 0) {
                table.count(counter, record.id(), amount);
            }
        });
    }

    /**
     * What the triage of a decision whose children are more than one transaction takes starts
     * from, read in {@code tx}, a read-only transaction: the edge map shards the children's
     * coverage falls in and the lower tiers' room, as they are now. Null if the item is
     * committing or done already: the decision was taken (the decision's transaction finds and
     * returns it, or refuses another token).
     *
     * @throws FrontierException if the item is not held under the request's token in
     *     {@code epoch}, or the request cannot make an entry
     */
    DraftBasis draftBasis(ReadTransaction tx, CommitRequest request, long epoch, double now) {
        Lease lease = request.lease();
        WorkRecord record = WorkTable.read(tx, keys, lease.work());
        if (record == null) {
            throw new UnknownWorkException("work item does not exist").with("work", lease.work());
        }
        if (record.state() == WorkState.COMMITTING || record.state() == WorkState.DONE) {
            return null;
        }
        EpochFence.checkHeld(record, lease, epoch);
        refuseRecordedResult(tx, record, request);
        entryOf(record, request, epoch, now, true);
        Set<Integer> shards = new TreeSet<>();
        request.children().stream().filter(child -> child.finding() == null && child.coverage() != null)
                .forEach(child -> shards.addAll(EdgeMap.shardsOf(child.coverage())));
        List<Integer> numbers = new ArrayList<>(shards);
        List<byte[]> values = tx.getAll(numbers.stream().map(keys::edges).toList());
        Map<Integer, byte[]> stored = new HashMap<>();
        for (int i = 0; i < numbers.size(); i++) {
            stored.put(numbers.get(i), values.get(i));
        }
        return new DraftBasis(record, stored, tierRoom(tx));
    }

    /**
     * The triage of {@code request} against {@code basis}, outside any transaction (it may take
     * longer than one may last): fates, findings, and the tuples the map gains. Known copies are
     * counted afterwards ({@link #countKnown}).
     */
    Triaged triageDraft(DraftBasis basis, CommitRequest request, long epoch, double now, EdgeMap map) {
        return triage(map, () -> basis.room(), basis.record(), request, epoch, now);
    }

    /** The edge map as {@code basis} read it, to triage a drafted decision against. */
    static EdgeMap mapOf(DraftBasis basis) {
        return new EdgeMap(shard -> basis.shards().get(shard));
    }

    /** How many of {@code children} are work already, read by snapshot in {@code tx}. */
    long countKnown(ReadTransaction tx, List<Digest> children) {
        return tx.getAll(children.stream().map(keys::work).toList()).stream().filter(java.util.Objects::nonNull).count();
    }

    /**
     * What the triage of a drafted decision starts from.
     *
     * @param shards every edge map shard a declared coverage falls in, by shard (null: empty)
     */
    record DraftBasis(WorkRecord record, Map<Integer, byte[]> shards, TierRoom room) {
    }

    /**
     * Writes chunks {@code from} (inclusive) to {@code to} (exclusive) of the drafted decision
     * for {@code request} under its result id, with the draft mark of {@code epoch}, unless the
     * item is no longer held under the request's token. Blind, idempotent writes: nothing reads
     * them until the decision's own transaction names them.
     */
    void writeDraft(ReadAhead tx, WorkTable table, CommitRequest request, Drafted drafted, int from, int to,
                    long epoch) {
        WorkRecord record = table.require(request.lease().work());
        EpochFence.checkHeld(record, request.lease(), epoch);
        refuseRecordedResult(tx, record, request);
        tx.set(keys.draft(epoch, request.result()), new byte[0]);
        for (int chunk = from; chunk < to; chunk++) {
            tx.set(keys.childChunk(request.result(), chunk),
                    ManifestCodecs.CHUNK.encode(chunkOf(request.result(), drafted.triaged().children(), chunk)));
        }
    }

    /**
     * The decision for {@code request}, drafted and its chunks written ahead: everything
     * {@link #begin} writes, but the entry's head names the chunks by result id, the triage is the
     * draft's, and the draft mark is cleared. Merges at most
     * {@link CampaignStore#MAX_EDGE_SHARDS_PER_TRANSACTION} shards of what the draft admitted and
     * hands back the rest. A repeated call returns the stored decision.
     */
    CommitRound beginDrafted(ReadAhead tx, WorkTable table, CommitRequest request, Drafted drafted, long epoch,
                             double now) {
        Lease lease = request.lease();
        WorkRecord record = table.require(lease.work());
        if (record.state() == WorkState.COMMITTING || record.state() == WorkState.DONE) {
            return new CommitRound(List.of(ItemResult.ok(taken(tx, record, request, epoch))), Map.of());
        }
        EpochFence.checkHeld(record, lease, epoch);
        refuseRecordedResult(tx, record, request);
        byte[] mark = keys.draft(epoch, request.result());
        if (tx.get(mark) == null) {
            throw new WrongStateException("the children written ahead of the decision are gone")
                    .with("work", record.id()).with("result", request.result()).with("epoch", epoch);
        }
        ManifestEntry entry = entryOf(record, request, epoch, now, true);
        record(tx, table, record, drafted.triaged(), drafted.knownBefore());
        tx.setVersionstampedKey(keys.manifestToStamp(0, 0), ManifestCodecs.ENTRY.encode(entry));
        tx.setVersionstampedValue(keys.result(request.result()), CampaignKeys.versionstampToStamp(0));
        table.write(record, record.committing(request.result()));
        tx.clear(mark);
        Map<Integer, byte[]> unmerged = new TreeMap<>();
        int merged = 0;
        for (Map.Entry<Integer, byte[]> addition : drafted.additions().entrySet()) {
            if (merged < CampaignStore.MAX_EDGE_SHARDS_PER_TRANSACTION) {
                tx.bitOr(keys.edges(addition.getKey()), addition.getValue());
                merged++;
            } else {
                unmerged.put(addition.getKey(), addition.getValue());
            }
        }
        return new CommitRound(List.of(ItemResult.ok(new CommitTicket(entry, drafted.triaged().children(), false))),
                unmerged);
    }

    /**
     * Removes the chunks written ahead for {@code result} in {@code epoch} and its draft mark,
     * unless a decision recorded the result (then they are its entry's and stay).
     */
    void discardDraft(Transaction tx, ResultId result, long epoch) {
        if (tx.get(keys.result(result)) == null) {
            KeyRange chunks = keys.childChunks(result);
            tx.clearRange(chunks.begin(), chunks.end());
        }
        tx.clear(keys.draft(epoch, result));
    }

    /**
     * Discards up to {@code limit} drafts of epochs before {@code epoch}, whose decisions can no
     * longer be taken (every decision checks the epoch), as {@link #discardDraft} does; returns
     * how many it found.
     */
    int sweepDrafts(Transaction tx, long epoch, int limit) {
        KeyRange range = keys.draftsBefore(epoch);
        List<KeyValue> drafts = tx.getRange(range.begin(), range.end(), limit, false);
        for (KeyValue pair : drafts) {
            DraftKey draft = keys.decodeDraft(pair.key());
            discardDraft(tx, draft.result(), draft.epoch());
        }
        return drafts.size();
    }

    /**
     * A decision worked out ahead of its transactions ({@link #draft}).
     *
     * @param knownBefore how many of the children that join the frontier on their own were work
     *     already
     * @param additions the edge map bits the admitted children add, by shard
     */
    record Drafted(Triaged triaged, long knownBefore, Map<Integer, byte[]> additions) {
    }

    /**
     * The fate of each declared child, in order, with the count of those that reached nothing
     * new and of those without coverage, and the children that join the frontier on their own: a
     * child with a finding is a
     * {@linkplain ChildFate#FINDING finding}, recorded (once per signature and input) and counted;
     * a child the worker judged redundant by its copy of the map gets what the exploration mode
     * makes of a child that reached nothing new, or, unstaged, is dropped or redundant;
     * a child without coverage joins the frontier untriaged; any other child joins the frontier
     * if its coverage holds a tuple {@code map} does not, with the edges it reached first as its
     * new edges; any other child is what the campaign's {@link Exploration} mode makes of a child
     * that reached nothing new ({@link #redundantFate}). A finding's
     * coverage is not admitted into the map: the map describes the inputs kept as work, and a
     * sibling that reaches the same tuples without crashing is worth running.
     */
    private Triaged triage(EdgeMap map, Supplier<TierRoom> room, WorkRecord record, CommitRequest request, long epoch,
                           double now) {
        List<Child> children = new ArrayList<>(request.children().size());
        List<Digest> joined = new ArrayList<>();
        List<FindingRecord> found = new ArrayList<>();
        int redundant = 0;
        int untriaged = 0;
        for (DeclaredChild declared : request.children()) {
            if (declared.finding() != null) {
                found.add(FindingRecord.of(declared.digest(), declared.finding(), request.execution().executor(),
                        record.id(), request.result(), epoch, now));
                children.add(Child.finding(declared.digest(), declared.size()));
            } else if (declared.redundant()) {
                // The worker found its coverage in the map as it stood: it can reach nothing new.
                redundant++;
                children.add(Child.triaged(declared.digest(), declared.size(),
                        declared.staged() ? redundantFate(room, declared.size()) : unstagedFate(), 0));
            } else if (declared.coverage() == null) {
                untriaged++;
                joined.add(declared.digest());
                children.add(Child.frontier(declared.digest(), declared.size()));
            } else {
                Novelty novelty = map.admit(declared.coverage());
                if (novelty.any()) {
                    joined.add(declared.digest());
                    children.add(Child.triaged(declared.digest(), declared.size(), ChildFate.FRONTIER,
                            novelty.edges()));
                } else {
                    redundant++;
                    children.add(Child.triaged(declared.digest(), declared.size(),
                            redundantFate(room, declared.size()), 0));
                }
            }
        }
        if (request.finding() != null) {
            found.add(FindingRecord.of(record.id(), request.finding(), request.execution().executor(), record.id(),
                    request.result(), epoch, now));
        }
        return new Triaged(children, redundant, untriaged, joined, found, request.execution(), request.leftOut());
    }

    /**
     * The children of one commit decision as triage decided them, how many of them reached
     * nothing new ({@code redundant}, whatever fate the exploration mode gave them) or carried no
     * coverage to judge ({@code untriaged}), those that join the frontier on their own
     * ({@code joined}: new coverage or none to judge), which may still be copies of known work,
     * the findings the decision records (the children's, then the executed input's own), and the
     * execution and left-out outputs the decision counts.
     */
    record Triaged(List<Child> children, int redundant, int untriaged, List<Digest> joined,
                   List<FindingRecord> findings, Execution execution, LeftOut leftOut) {

        long newEdges() {
            return children.stream().mapToLong(Child::newEdges).sum();
        }
    }

    /**
     * Counts one committed execution under its coordinator and executor kind: the execution,
     * its wall time, its children, those that reached nothing new or carried no coverage, and
     * the edges they reached first (those known as work already are counted for the whole
     * transaction by {@link KnownChildren}). Atomic ADDs that no transaction reads serializably, in the
     * decision's own transaction, so each result moves them once and no two decisions conflict.
     */
    private void countByExecutor(Transaction tx, Owner owner, Execution execution, Triaged triaged) {
        String kind = execution.executor();
        tx.add(keys.executorCount(owner, kind, ExecutorCounter.EXECUTIONS), 1);
        Map<ExecutorCounter, Long> amounts = new EnumMap<>(ExecutorCounter.class);
        amounts.put(ExecutorCounter.EXECUTION_MILLIS, execution.wallMillis());
        amounts.put(ExecutorCounter.CHILDREN, (long) triaged.children().size());
        amounts.put(ExecutorCounter.REDUNDANT, (long) triaged.redundant());
        amounts.put(ExecutorCounter.UNTRIAGED, (long) triaged.untriaged());
        amounts.put(ExecutorCounter.NEW_EDGES, triaged.newEdges());
        amounts.forEach((counter, amount) -> {
            if (amount > 0) {
                tx.add(keys.executorCount(owner, kind, counter), amount);
            }
        });
    }

    /**
     * A child that reached nothing new: frontier in a closure, redundant under novelty only, and
     * with tiers deferred to tier 1 while the lower tiers have room for it, else dropped; redundant
     * in a campaign of sessions alone, where no later round could run it.
     */
    private ChildFate redundantFate(Supplier<TierRoom> room, long size) {
        if (!runsInputs) {
            return ChildFate.REDUNDANT;
        }
        return switch (policy.mode()) {
            case CLOSURE -> ChildFate.FRONTIER;
            case NOVELTY -> ChildFate.REDUNDANT;
            case TIERS -> room.get().take(size) ? ChildFate.DEFERRED : ChildFate.DROPPED;
        };
    }

    /**
     * A redundant child the worker did not stage, as the coordinator had said it would keep none:
     * dropped over the cap with tiers, redundant otherwise; never kept, since nothing of it is on
     * disk.
     */
    private ChildFate unstagedFate() {
        return policy.mode() == Exploration.TIERS ? ChildFate.DROPPED : ChildFate.REDUNDANT;
    }

    /** The lower tiers' room, from their counters as {@code reads} (a snapshot) sees them. */
    private TierRoom tierRoom(ReadTransaction reads) {
        long items = 0;
        for (int tier = Tier.NEW_COVERAGE + 1; tier <= Tier.LOWEST; tier++) {
            items += CampaignStore.sum(reads, keys, Counter.pendingIn(tier));
        }
        return new TierRoom(policy, items, CampaignStore.sum(reads, keys, Counter.TIERED_BYTES));
    }

    /** {@code make}, called at most once and only when first needed. */
    private static <T> Supplier<T> lazily(Supplier<T> make) {
        return new Supplier<>() {
            private T value;

            @Override
            public T get() {
                if (value == null) {
                    value = make.get();
                }
                return value;
            }
        };
    }

    /**
     * Checks each promotion and sets the marks of each entry with one BIT_OR of the entry's full
     * bitmap width. Marks for an entry already completed are accepted and dropped; a mark for a
     * child the entry does not keep (redundant) is refused. The entries' heads, and the chunks
     * that hold the children marked (only those: an entry may have a hundred thousand children),
     * are read together first.
     */
    List<ItemResult<Promotion>> mark(ReadAhead tx, WorkTable table, List<Promotion> promotions) {
        Map<ResultId, Digest> named = new LinkedHashMap<>();
        promotions.forEach(promotion -> named.putIfAbsent(promotion.result(), promotion.work()));
        Map<ResultId, Head> heads = prefetchHeads(tx, named, false);
        Set<String> wanted = new HashSet<>();
        List<byte[]> chunkKeys = new ArrayList<>();
        for (Promotion promotion : promotions) {
            Head head = heads.get(promotion.result());
            int chunk = promotion.child() / ManifestEntry.CHUNK_SIZE;
            if (head != null && chunk < head.entry().chunks() && wanted.add(promotion.result() + "/" + chunk)) {
                chunkKeys.add(keys.entryChunk(head.stamp(), head.entry().result(), head.entry().chunksByResult(), chunk));
            }
        }
        tx.prefetch(chunkKeys);
        Map<ResultId, ManifestEntry> entries = new HashMap<>();
        Map<ResultId, Versionstamp> stamps = new HashMap<>();
        Map<String, List<Child>> chunks = new HashMap<>();
        Map<ResultId, Versionstamp> open = new HashMap<>();
        Map<Versionstamp, byte[]> operands = new LinkedHashMap<>();
        List<ItemResult<Promotion>> results = new ArrayList<>(promotions.size());
        for (Promotion promotion : promotions) {
            try {
                ManifestEntry entry = entries.get(promotion.result());
                if (entry == null) {
                    WorkRecord record = table.require(promotion.work());
                    if (earlierRound(tx, record, promotion.result()) == null) {
                        committedRecord(record, promotion.result());
                    }
                    Versionstamp stamp = versionstampOf(tx, promotion.result());
                    entry = entry(tx, stamp);
                    entries.put(promotion.result(), entry);
                    stamps.put(promotion.result(), stamp);
                    if (record.state() == WorkState.COMMITTING && promotion.result().equals(record.result())) {
                        open.put(promotion.result(), stamp);
                    }
                }
                if (!entry.work().equals(promotion.work()) || promotion.child() >= entry.children()) {
                    throw new InvalidInputException("promotion names a child the entry does not have")
                            .with("work", promotion.work()).with("result", promotion.result())
                            .with("child", promotion.child()).with("children", entry.children());
                }
                int chunk = promotion.child() / ManifestEntry.CHUNK_SIZE;
                ManifestEntry current = entry;
                List<Child> part = chunks.computeIfAbsent(promotion.result() + "/" + chunk,
                        k -> chunk(tx, stamps.get(promotion.result()), current, chunk));
                ChildFate fate = part.get(promotion.child() % ManifestEntry.CHUNK_SIZE).fate();
                if (!fate.kept()) {
                    throw new InvalidInputException("promotion names a child the entry does not keep")
                            .with("work", promotion.work()).with("result", promotion.result())
                            .with("child", promotion.child()).with("fate", fate.wireName());
                }
                if (open.containsKey(promotion.result())) {
                    int width = PromotionMarks.width(entry.children());
                    byte[] operand = operands.computeIfAbsent(open.get(promotion.result()), r -> new byte[width]);
                    byte[] bit = PromotionMarks.operand(promotion.child(), entry.children());
                    for (int i = 0; i < operand.length; i++) {
                        operand[i] |= bit[i];
                    }
                }
                results.add(ItemResult.ok(promotion));
            } catch (FrontierException e) {
                results.add(ItemResult.failed(e));
            }
        }
        operands.forEach((stamp, operand) -> tx.bitOr(keys.promoted(stamp), operand));
        return results;
    }

    /**
     * {@link #complete} for each of {@code commitments}, in order, within one budget of
     * {@link CampaignStore#MAX_CHILDREN_PER_TRANSACTION} children; an item that fails, fails
     * alone. What the completions read is fetched first, together: the entries
     * ({@link #prefetchEntries}), then the work keys of every child they may enqueue.
     */
    List<ItemResult<Completion>> completeAll(ReadAhead tx, WorkTable table, List<Commitment> commitments, long epoch,
            double now, AttemptMemory<Completion> memory) {
        memory.beginAttempt();
        Map<ResultId, Digest> named = new LinkedHashMap<>();
        commitments.forEach(commitment -> named.putIfAbsent(commitment.result(), commitment.work()));
        List<byte[]> childKeys = new ArrayList<>();
        prefetchEntries(tx, named, true).values().forEach(children -> {
            List<Child> queued = children.stream().filter(child -> child.fate().queued()).toList();
            if (queued.size() <= CampaignStore.MAX_CHILDREN_PER_TRANSACTION) {
                queued.forEach(child -> childKeys.add(keys.work(child.digest())));
            }
        });
        tx.prefetch(childKeys);
        int[] budget = {CampaignStore.MAX_CHILDREN_PER_TRANSACTION};
        List<ItemResult<Completion>> results = new ArrayList<>(commitments.size());
        for (Commitment commitment : commitments) {
            try {
                results.add(ItemResult.ok(complete(tx, table, commitment.work(), commitment.result(), epoch, now, budget,
                        memory, null)));
            } catch (FrontierException e) {
                results.add(ItemResult.failed(e));
            }
        }
        return results;
    }

    /**
     * The entry of a committing item whose completion enqueues more children than one
     * transaction takes, read for its completion in parts; null if the item is not committing
     * {@code commitment}'s result (it ended, or never committed it), which the one-transaction
     * completion then reports as it does for any entry.
     */
    PartedEntry partedEntry(ReadTransaction tx, Commitment commitment) {
        WorkRecord record = WorkTable.read(tx, keys, commitment.work());
        if (record == null || record.state() != WorkState.COMMITTING || !commitment.result().equals(record.result())) {
            return null;
        }
        Versionstamp stamp = versionstampOf(tx, commitment.result());
        ManifestEntry entry = entry(tx, stamp);
        return new PartedEntry(stamp, entry, children(tx, stamp, entry));
    }

    /**
     * Part {@code part} of the completion of {@code entry} in parts: the queued children of its
     * slice ({@link PartedEntry#slice}) not yet known become pending work, as a completion in one
     * transaction enqueues them, and a bitmap of those this part enqueued is written under the
     * result. Does nothing if the part was done before (its bitmap is there) or the item no longer
     * commits this result. Every kept child must be promoted first.
     */
    void completePart(ReadAhead tx, WorkTable table, Commitment commitment, PartedEntry entry, int part, long epoch) {
        WorkRecord record = table.require(commitment.work());
        byte[] partKey = keys.completionPart(commitment.result(), part);
        if (record.state() != WorkState.COMMITTING || !commitment.result().equals(record.result())
                || tx.get(partKey) != null) {
            return;
        }
        requirePromoted(tx, commitment, entry.stamp(), entry.entry(), entry.children());
        List<Child> slice = entry.slice(part);
        tx.prefetch(slice.stream().map(child -> keys.work(child.digest())).toList());
        byte[] enqueued = new byte[PromotionMarks.width(slice.size())];
        for (int i = 0; i < slice.size(); i++) {
            if (!table.exists(slice.get(i).digest()) && enqueue(table, record, entry.entry(), slice.get(i), epoch)) {
                enqueued[i / 8] |= (byte) (1 << (i % 8));
            }
        }
        tx.set(partKey, enqueued);
    }

    /**
     * The end of a completion in {@code parts} parts, all done: as {@link #complete} in one
     * transaction, but the children are those the parts enqueued, and the parts' bitmaps are
     * removed with the outcome written.
     */
    Completion completeParted(ReadAhead tx, WorkTable table, Commitment commitment, PartedEntry entry, int parts,
                              long epoch, double now, AttemptMemory<Completion> memory) {
        memory.beginAttempt();
        return complete(tx, table, commitment.work(), commitment.result(), epoch, now, null, memory,
                new Parts(entry, parts));
    }

    /**
     * An entry read for its completion in parts, with its children in order.
     *
     * @param stamp the versionstamp it was committed at
     */
    record PartedEntry(Versionstamp stamp, ManifestEntry entry, List<Child> children) {

        PartedEntry {
            children = List.copyOf(children);
        }

        /** Its queued children (frontier and deferred), in order. */
        List<Child> queued() {
            return children.stream().filter(child -> child.fate().queued()).toList();
        }

        /** How many parts enqueue its queued children. */
        int parts() {
            int size = CampaignStore.MAX_CHILDREN_PER_TRANSACTION;
            return (queued().size() + size - 1) / size;
        }

        /** The queued children part {@code part} enqueues. */
        List<Child> slice(int part) {
            List<Child> queued = queued();
            int size = CampaignStore.MAX_CHILDREN_PER_TRANSACTION;
            return queued.subList(part * size, Math.min(queued.size(), (part + 1) * size));
        }
    }

    /** A completion whose children were enqueued by {@code count} parts of {@code entry}. */
    private record Parts(PartedEntry entry, int count) {
    }

    /**
     * Reads together, in three round trips, what marking or completing the entries of
     * {@code results} (each with the work that names it) reads one key at a time; see
     * {@link #prefetchHeads} and {@link #prefetchChildren}. Returns the children of every entry
     * that could be read whole.
     */
    private Map<ResultId, List<Child>> prefetchEntries(Prefetching tx, Map<ResultId, Digest> results,
            boolean completing) {
        return prefetchChildren(tx, prefetchHeads(tx, results, completing));
    }

    /**
     * Reads together, in two round trips, the work records and result index keys of
     * {@code results} (each with the work that names it); then each entry's head, its outcome
     * where an earlier round or a repeated completion will look for it, and, when
     * {@code completing}, its promotion bitmap. Returns the head of every entry that could be
     * read, with its versionstamp, in the order of {@code results}. A value that cannot be
     * decoded only ends this for its entry: the item's own reads meet the problem again and
     * report it.
     */
    private Map<ResultId, Head> prefetchHeads(Prefetching tx, Map<ResultId, Digest> results, boolean completing) {
        List<byte[]> first = new ArrayList<>();
        results.forEach((result, work) -> {
            first.add(keys.work(work));
            first.add(keys.result(result));
        });
        tx.prefetch(first);
        Map<ResultId, Versionstamp> stamps = new LinkedHashMap<>();
        List<byte[]> second = new ArrayList<>();
        results.forEach((result, work) -> {
            try {
                WorkRecord record = WorkTable.read(tx, keys, work);
                byte[] stampValue = tx.get(keys.result(result));
                if (record == null || stampValue == null) {
                    return;
                }
                Versionstamp stamp = keys.decodeVersionstampValue(keys.result(result), stampValue);
                stamps.put(result, stamp);
                second.add(keys.manifest(stamp, 0));
                if (!result.equals(record.result()) || completing && record.state() == WorkState.DONE) {
                    second.add(keys.outcome(stamp));
                }
                if (completing) {
                    second.add(keys.promoted(stamp));
                }
            } catch (FrontierException e) {
                // Left to the item's own reads, which report it.
            }
        });
        tx.prefetch(second);
        Map<ResultId, Head> heads = new LinkedHashMap<>();
        stamps.forEach((result, stamp) -> {
            try {
                heads.put(result, new Head(stamp, entry(tx, stamp)));
            } catch (FrontierException e) {
                // Left to the item's own reads, which report it.
            }
        });
        return heads;
    }

    /**
     * Reads together, in one round trip, the child chunks of {@code heads}; returns the children
     * of every entry whose chunks could be read whole.
     */
    private Map<ResultId, List<Child>> prefetchChildren(Prefetching tx, Map<ResultId, Head> heads) {
        List<byte[]> chunks = new ArrayList<>();
        heads.values().forEach(head -> {
            for (int chunk = 0; chunk < head.entry().chunks(); chunk++) {
                chunks.add(keys.entryChunk(head.stamp(), head.entry().result(), head.entry().chunksByResult(), chunk));
            }
        });
        tx.prefetch(chunks);
        Map<ResultId, List<Child>> children = new LinkedHashMap<>();
        heads.forEach((result, head) -> {
            try {
                children.put(result, children(tx, head.stamp(), head.entry()));
            } catch (FrontierException e) {
                // Left to the item's own reads, which report it.
            }
        });
        return children;
    }

    /** A manifest entry's head and the versionstamp it is stored under. */
    private record Head(Versionstamp stamp, ManifestEntry entry) {
    }

    /**
     * Ends a committing entry whose kept children are all promoted. Its frontier and deferred
     * children not yet known become pending work, in tier 0 and tier 1, whose parent is this item
     * and whose origin is the executor of the entry's execution; a child known in any state, or
     * whose key holds anything at all, is left as it is. Redundant and dropped children need no
     * mark and findings are not enqueued. The item is then done, or goes back for another round
     * as {@link Rounds} decides, pending in that round's tier.
     *
     * @param budget children this transaction may still write; the item is refused if its entry
     *     has more frontier children (one with more than a transaction takes is refused with
     *     {@link PartsRequiredException}); null with {@code parts}
     * @param memory what earlier attempts of this call wrote: an entry ended by one of them is
     *     reported as that attempt reported it, not as a repeated call
     * @param parts the parts that enqueued the children already, for an entry completed in
     *     parts; null for a completion in this one transaction
     */
    private Completion complete(ReadAhead tx, WorkTable table, Digest work, ResultId result, long epoch, double now,
            int[] budget, AttemptMemory<Completion> memory, Parts parts) {
        WorkRecord record = table.require(work);
        if (record.state() == WorkState.DONE && result.equals(record.result())) {
            ResultOutcome stored = outcome(tx, versionstampOf(tx, result));
            return memory.earlier(result).filter(mine -> mine.outcome().equals(stored))
                    .orElseGet(() -> new Completion(stored, List.of(), true, WorkState.DONE));
        }
        ResultOutcome earlier = earlierRound(tx, record, result);
        if (earlier != null) {
            return memory.earlier(result).filter(mine -> mine.outcome().equals(earlier))
                    .orElseGet(() -> new Completion(earlier, List.of(), true, record.state()));
        }
        committedRecord(record, result);
        Versionstamp stamp = versionstampOf(tx, result);
        ManifestEntry entry = parts != null ? parts.entry().entry() : entry(tx, stamp);
        List<Child> children = parts != null ? parts.entry().children() : children(tx, stamp, entry);
        requirePromoted(tx, new Commitment(work, result), stamp, entry, children);
        List<Digest> enqueued = parts != null ? enqueuedByParts(tx, work, result, parts)
                : enqueueAll(table, record, entry, children, budget, epoch);
        WorkRecord after = ended(record, entry.execution(), children, epoch);
        table.write(record, after);
        ResultOutcome outcome = doneOutcome(result, work, enqueued.size(), epoch, now);
        tx.set(keys.outcome(stamp), ManifestCodecs.OUTCOME.encode(outcome));
        Completion completion = new Completion(outcome, enqueued, false, after.state());
        memory.wrote(result, completion);
        return completion;
    }

    /** The outcome of an entry that ended done, having enqueued {@code enqueued} children. */
    private static ResultOutcome doneOutcome(ResultId result, Digest work, int enqueued, long epoch, double now) {
        return new ResultOutcome(ResultOutcome.SCHEMA, result, work, Outcome.DONE, null, enqueued, epoch, now);
    }

    /** {@code committing}, an item whose entry ends: done, or pending for the round {@link Rounds} gives it. */
    private WorkRecord ended(WorkRecord committing, Execution execution, List<Child> children, long epoch) {
        Rounds.NextRound next = rounds.after(committing, execution, children);
        return next == null ? committing.done(epoch)
                : committing.again(next.tier(), next.limitFactor(), next.kind(), epoch);
    }

    /** Fails unless every kept child of {@code entry} is marked promoted. */
    private void requirePromoted(ReadTransaction tx, Commitment commitment, Versionstamp stamp, ManifestEntry entry,
                                 List<Child> children) {
        int missing = PromotionMarks.missing(tx.get(keys.promoted(stamp)), children);
        if (missing > 0) {
            throw new WrongStateException("not every kept child of the entry is promoted")
                    .with("work", commitment.work()).with("result", commitment.result()).with("missing", missing)
                    .with("children", entry.children());
        }
    }

    /**
     * Enqueues the queued children of {@code entry} not yet known, within {@code budget}; returns
     * those it enqueued.
     */
    private List<Digest> enqueueAll(WorkTable table, WorkRecord record, ManifestEntry entry, List<Child> children,
                                    int[] budget, long epoch) {
        List<Child> frontier = children.stream().filter(child -> child.fate().queued()).toList();
        if (frontier.size() > CampaignStore.MAX_CHILDREN_PER_TRANSACTION) {
            throw new PartsRequiredException().with("work", record.id()).with("result", entry.result())
                    .with("children", frontier.size());
        }
        if (frontier.size() > budget[0]) {
            throw new InvalidInputException("transaction has no room left for this entry's children")
                    .with("work", record.id()).with("children", frontier.size()).with("room", budget[0]);
        }
        budget[0] -= frontier.size();
        List<Child> fresh = new ArrayList<>();
        for (Child child : frontier) {
            if (!table.exists(child.digest())) {
                fresh.add(child);
            }
        }
        List<Digest> enqueued = new ArrayList<>();
        for (Child child : fresh) {
            if (enqueue(table, record, entry, child, epoch)) {
                enqueued.add(child.digest());
            }
        }
        return enqueued;
    }

    /**
     * Writes {@code child} of {@code record}'s {@code entry} as new pending work, in the tier its
     * fate gives, and returns true; in a campaign of sessions alone, where no round runs inputs,
     * only adds it to the sessions' feed and returns false.
     */
    private boolean enqueue(WorkTable table, WorkRecord record, ManifestEntry entry, Child child, long epoch) {
        if (!runsInputs) {
            table.feed(child.digest(), child.size());
            return false;
        }
        String origin = entry.execution().executor();
        int tier = child.fate() == ChildFate.FRONTIER ? Tier.NEW_COVERAGE : Tier.REDUNDANT;
        table.write(null, WorkRecord.child(new WorkPayload(child.digest(), child.size()), record.id(), origin, epoch,
                tier, child.newEdges(), record.depth() + 1, child.triaged(), rounds.claimOrderOfNew(origin, tier)));
        return true;
    }

    /**
     * The children the parts of a completion in parts enqueued, read from their bitmaps, which
     * are then removed; fails unless every part is there.
     */
    private List<Digest> enqueuedByParts(Transaction tx, Digest work, ResultId result, Parts parts) {
        KeyRange range = keys.completionParts(result);
        Map<Integer, byte[]> bitmaps = new HashMap<>();
        for (int part = 0; part < parts.count(); part++) {
            byte[] bitmap = tx.get(keys.completionPart(result, part));
            if (bitmap == null) {
                throw new WrongStateException("a part of the completion is missing").with("work", work)
                        .with("result", result).with("part", part).with("parts", parts.count());
            }
            bitmaps.put(part, bitmap);
        }
        List<Digest> enqueued = new ArrayList<>();
        for (int part = 0; part < parts.count(); part++) {
            List<Child> slice = parts.entry().slice(part);
            for (int i = 0; i < slice.size(); i++) {
                if (PromotionMarks.isMarked(bitmaps.get(part), i)) {
                    enqueued.add(slice.get(i).digest());
                }
            }
        }
        tx.clearRange(range.begin(), range.end());
        return enqueued;
    }

    /**
     * The done outcome of {@code result} if it is a completed earlier round of {@code record}'s
     * item, else null: a round that sent its item back for another no longer holds its result, and
     * a repeated completion or mark of it is accepted as that of a done entry is.
     */
    private ResultOutcome earlierRound(ReadTransaction tx, WorkRecord record, ResultId result) {
        if (result.equals(record.result())) {
            return null;
        }
        byte[] stampValue = tx.get(keys.result(result));
        if (stampValue == null) {
            return null;
        }
        Versionstamp stamp = keys.decodeVersionstampValue(keys.result(result), stampValue);
        if (tx.get(keys.outcome(stamp)) == null) {
            return null;
        }
        ResultOutcome earlier = outcome(tx, stamp);
        return earlier.outcome() == Outcome.DONE && earlier.work().equals(record.id()) ? earlier : null;
    }

    /**
     * Ends a committing entry that cannot be finished. The work goes back to pending as a new
     * attempt, or is abandoned for good once it has used the campaign's attempts; the returned
     * state says which (for a repeated call, the item's state now).
     */
    Completion abandon(Transaction tx, WorkTable table, Digest work, ResultId result, String reason, long epoch, double now) {
        byte[] stampValue = tx.get(keys.result(result));
        Versionstamp stamp = stampValue == null ? null : keys.decodeVersionstampValue(keys.result(result), stampValue);
        if (stamp != null && tx.get(keys.outcome(stamp)) != null) {
            ResultOutcome earlier = outcome(tx, stamp);
            if (earlier.outcome() == Outcome.ABANDONED && earlier.work().equals(work)) {
                return new Completion(earlier, List.of(), true, table.require(work).state());
            }
            throw new WrongStateException("entry already ended with another outcome")
                    .with("work", work).with("result", result).with("outcome", earlier.outcome().wireName());
        }
        WorkRecord record = table.require(work);
        committedRecord(record, result);
        if (record.state() != WorkState.COMMITTING) {
            throw new WrongStateException("only a committing entry can be abandoned")
                    .with("work", work).with("actual", record.state().wireName());
        }
        boolean exhausted = record.attempts() >= config.maxAttempts();
        WorkRecord after = exhausted ? record.abandoned(epoch) : record.released(epoch);
        table.write(record, after);
        ResultOutcome outcome = new ResultOutcome(ResultOutcome.SCHEMA, result, work, Outcome.ABANDONED,
                reason, 0, epoch, now);
        tx.set(keys.outcome(versionstampOf(tx, result)), ManifestCodecs.OUTCOME.encode(outcome));
        return new Completion(outcome, List.of(), false, after.state());
    }

    /**
     * Up to {@code limit} entries of the committing index after {@code after} (null: from the
     * first), each read as {@link #committingEntry} does or, if that fails, blocked; fewer once
     * the entries read declare {@link #CHILDREN_PER_PAGE} children, at least one. Everything the
     * entries need is read together, in four round trips after the index ({@link #prefetchHeads},
     * {@link #prefetchChildren}). The page ends on a key that names a work id, so that
     * {@link CommittingPage#next} always moves on: keys that name none at the page's end are read
     * past, to the next key that does.
     */
    CommittingPage page(ReadTransaction transaction, Digest after, int limit) {
        PrefetchedReads tx = new PrefetchedReads(transaction);
        KeyRange range = after == null ? keys.committing() : keys.committing().after(keys.committing(after));
        List<KeyValue> listed = new ArrayList<>();
        Map<ResultId, Digest> indexed = new LinkedHashMap<>();
        boolean atEnd = false;
        scan:
        while (true) {
            List<KeyValue> pairs = tx.getRange(range.begin(), range.end(), limit, false);
            for (KeyValue pair : pairs) {
                listed.add(pair);
                range = range.after(pair.key());
                Digest work = workOf(pair);
                if (work != null) {
                    ResultId result = resultOf(pair);
                    if (result != null) {
                        indexed.putIfAbsent(result, work);
                    }
                    if (listed.size() >= limit) {
                        break scan;
                    }
                }
            }
            if (pairs.size() < limit) {
                atEnd = true;
                break;
            }
        }
        Map<ResultId, Head> heads = prefetchHeads(tx, indexed, true);
        Map<ResultId, Head> kept = new LinkedHashMap<>();
        int children = 0;
        int end = listed.size();
        for (int i = 0; i < listed.size(); i++) {
            KeyValue pair = listed.get(i);
            Digest work = workOf(pair);
            ResultId result = work == null ? null : resultOf(pair);
            Head head = result == null ? null : heads.get(result);
            if (head != null && indexed.get(result).equals(work)) {
                kept.put(result, head);
                children += head.entry().children();
            }
            if (work != null && children >= CHILDREN_PER_PAGE && i < listed.size() - 1) {
                end = i + 1;
                atEnd = false;
                break;
            }
        }
        prefetchChildren(tx, kept);
        List<CommittingEntry> entries = new ArrayList<>();
        List<Blocked> blocked = new ArrayList<>();
        Digest last = null;
        for (KeyValue pair : listed.subList(0, end)) {
            try {
                Digest work = keys.decodeCommitting(pair.key());
                last = work;
                entries.add(committingEntry(tx, work, pair.value()));
            } catch (UnreadableRecordException e) {
                blocked.add(new Blocked(HexFormat.of().formatHex(pair.key()), e));
            }
        }
        return new CommittingPage(entries, blocked, atEnd ? null : last);
    }

    /** The work id a committing index key names, or null if it names none. */
    private Digest workOf(KeyValue pair) {
        try {
            return keys.decodeCommitting(pair.key());
        } catch (UnreadableRecordException e) {
            return null;
        }
    }

    /** The result a committing index value names, or null if it cannot be read. */
    private ResultId resultOf(KeyValue pair) {
        try {
            return keys.decodeCommittingValue(pair.key(), pair.value());
        } catch (UnreadableRecordException e) {
            return null;
        }
    }

    /**
     * One committing item with its entry, children and marks, for replay; {@code indexValue} is
     * the value of its committing index entry. The index entry, the work record, the result index
     * and the manifest entry must agree on the work and the result.
     *
     * @throws UnreadableRecordException if any of them cannot be read or they disagree
     */
    private CommittingEntry committingEntry(ReadTransaction tx, Digest work, byte[] indexValue) {
        byte[] indexKey = keys.committing(work);
        ResultId indexed = keys.decodeCommittingValue(indexKey, indexValue);
        WorkRecord record = WorkTable.read(tx, keys, work);
        if (record == null || record.state() != WorkState.COMMITTING || !indexed.equals(record.result())) {
            throw new CorruptRecordException("committing index entry has no matching committing work record")
                    .with("key", HexFormat.of().formatHex(indexKey))
                    .with("state", record == null ? "missing" : record.state().wireName())
                    .with("indexedResult", indexed).with("recordResult", record == null ? null : record.result());
        }
        byte[] resultKey = keys.result(indexed);
        byte[] stampValue = tx.get(resultKey);
        if (stampValue == null) {
            throw new CorruptRecordException("committing work record's result has no manifest entry")
                    .with("key", HexFormat.of().formatHex(resultKey)).with("work", work).with("result", indexed);
        }
        Versionstamp stamp = keys.decodeVersionstampValue(resultKey, stampValue);
        ManifestEntry entry = entry(tx, stamp);
        if (!entry.work().equals(work) || !entry.result().equals(indexed)) {
            throw new CorruptRecordException("manifest entry belongs to another work or result")
                    .with("key", HexFormat.of().formatHex(keys.manifest(stamp, 0))).with("work", work)
                    .with("result", indexed).with("entryWork", entry.work()).with("entryResult", entry.result());
        }
        return new CommittingEntry(record, entry, children(tx, stamp, entry), tx.get(keys.promoted(stamp)));
    }

    /** Fails unless {@code record} took the commit decision for {@code result}. */
    private static void committedRecord(WorkRecord record, ResultId result) {
        boolean committed = record.state() == WorkState.COMMITTING || record.state() == WorkState.DONE;
        if (!committed || !result.equals(record.result())) {
            throw new WrongStateException("work has not committed this result")
                    .with("work", record.id()).with("expected", WorkState.COMMITTING.wireName())
                    .with("actual", record.state().wireName()).with("result", result)
                    .with("committedResult", record.result());
        }
    }

    private Versionstamp versionstampOf(ReadTransaction tx, ResultId result) {
        byte[] key = keys.result(result);
        byte[] value = tx.get(key);
        if (value == null) {
            throw new UnknownWorkException("no manifest entry exists for this result").with("result", result);
        }
        return keys.decodeVersionstampValue(key, value);
    }

    private ManifestEntry entry(ReadTransaction tx, Versionstamp stamp) {
        byte[] key = keys.manifest(stamp, 0);
        ManifestEntry entry = Prefetching.decode(tx, key, ManifestCodecs.ENTRY);
        if (entry == null) {
            throw new CorruptRecordException("result index names a manifest entry that does not exist")
                    .with("key", HexFormat.of().formatHex(key));
        }
        return entry;
    }

    private List<Child> children(ReadTransaction tx, Versionstamp stamp, ManifestEntry entry) {
        List<Child> children = new ArrayList<>(entry.children());
        for (int chunk = 0; chunk < entry.chunks(); chunk++) {
            children.addAll(chunk(tx, stamp, entry, chunk));
        }
        if (children.size() != entry.children()) {
            throw new CorruptRecordException("manifest child chunks do not add up to the entry's count")
                    .with("result", entry.result()).with("declared", entry.children()).with("found", children.size());
        }
        return children;
    }

    /** The children of chunk {@code chunk} of {@code entry}, committed at {@code stamp}. */
    private List<Child> chunk(ReadTransaction tx, Versionstamp stamp, ManifestEntry entry, int chunk) {
        byte[] key = keys.entryChunk(stamp, entry.result(), entry.chunksByResult(), chunk);
        ChildChunk part = Prefetching.decode(tx, key, ManifestCodecs.CHUNK);
        if (part == null || part.index() != chunk || !part.result().equals(entry.result())) {
            throw new CorruptRecordException("manifest child chunk is missing or belongs elsewhere")
                    .with("key", HexFormat.of().formatHex(key)).with("chunk", chunk);
        }
        return part.children();
    }

    private ResultOutcome outcome(ReadTransaction tx, Versionstamp stamp) {
        byte[] key = keys.outcome(stamp);
        byte[] value = tx.get(key);
        if (value == null) {
            throw new CorruptRecordException("completed work has no outcome for its result")
                    .with("key", HexFormat.of().formatHex(key));
        }
        return ManifestCodecs.OUTCOME.decode(key, value);
    }
}
