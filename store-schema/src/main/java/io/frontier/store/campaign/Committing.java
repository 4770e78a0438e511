package io.frontier.store.campaign;

import com.apple.foundationdb.tuple.Versionstamp;
import io.frontier.store.error.CorruptRecordException;
import io.frontier.store.error.InvalidInputException;
import io.frontier.store.error.StaleTokenException;
import io.frontier.store.error.UnknownWorkException;
import io.frontier.store.error.WrongStateException;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.kv.ReadTransaction;
import io.frontier.store.kv.Transaction;
import io.frontier.store.manifest.Child;
import io.frontier.store.manifest.ChildChunk;
import io.frontier.store.manifest.ManifestCodecs;
import io.frontier.store.manifest.ManifestEntry;
import io.frontier.store.manifest.Outcome;
import io.frontier.store.manifest.PromotionMarks;
import io.frontier.store.manifest.ResultOutcome;
import io.frontier.store.record.CampaignConfig;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.WorkId;
import io.frontier.store.record.WorkPayload;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.record.WorkState;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The transaction bodies of the commit edges: the commit decision, promotion marks, completion,
 * abandonment, and reading committing entries for replay. Each body does all its reads and
 * checks before its first write, so a refused item in a batch leaves nothing behind.
 */
final class Committing {

    private final CampaignKeys keys;
    private final WorkTable table;
    private final CampaignConfig config;

    Committing(CampaignKeys keys, WorkTable table, CampaignConfig config) {
        this.keys = keys;
        this.table = table;
        this.config = config;
    }

    /**
     * The commit decision for one request; see {@link CampaignStore#beginCommit}.
     *
     * @param userVersion distinct for every entry this transaction writes
     */
    CommitTicket begin(Transaction tx, CommitRequest request, int userVersion, long epoch, double now) {
        Lease lease = request.lease();
        WorkRecord record = table.require(tx, lease.work());
        if (record.state() == WorkState.COMMITTING || record.state() == WorkState.DONE) {
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
        EpochFence.checkHeld(record, lease, epoch);
        if (tx.get(keys.result(request.result())) != null) {
            throw new InvalidInputException("result id is already recorded for another commit")
                    .with("work", record.id()).with("result", request.result());
        }
        List<Child> children = request.children();
        ManifestEntry entry = new ManifestEntry(ManifestEntry.SCHEMA, request.result(), record.id(),
                record.token(), record.owner(), epoch, request.stage(), children.size(),
                ManifestEntry.chunksFor(children.size()), now);
        tx.setVersionstampedKey(keys.manifestToStamp(userVersion, 0), ManifestCodecs.ENTRY.encode(entry));
        for (int chunk = 0; chunk < entry.chunks(); chunk++) {
            int from = chunk * ManifestEntry.CHUNK_SIZE;
            List<Child> part = children.subList(from, Math.min(children.size(), from + ManifestEntry.CHUNK_SIZE));
            tx.setVersionstampedKey(keys.manifestToStamp(userVersion, chunk + 1), ManifestCodecs.CHUNK.encode(
                    new ChildChunk(ChildChunk.SCHEMA, request.result(), chunk, part)));
        }
        tx.setVersionstampedValue(keys.result(request.result()), CampaignKeys.versionstampToStamp(userVersion));
        table.write(tx, record, record.committing(request.result()));
        return new CommitTicket(entry, children, false);
    }

    /** Sets one promotion mark with BIT_OR; marks of a completed entry are accepted and dropped. */
    void mark(Transaction tx, Promotion promotion) {
        WorkRecord record = table.require(tx, promotion.work());
        committedRecord(record, promotion.result());
        ManifestEntry entry = entry(tx, versionstampOf(tx, promotion.result()));
        if (promotion.child() >= entry.children()) {
            throw new InvalidInputException("promotion names a child the entry does not have")
                    .with("work", promotion.work()).with("result", promotion.result())
                    .with("child", promotion.child()).with("children", entry.children());
        }
        if (record.state() == WorkState.COMMITTING) {
            tx.bitOr(keys.promoted(promotion.result()), PromotionMarks.operand(promotion.child(), entry.children()));
        }
    }

    /**
     * Ends a committing entry whose children are all promoted. Children not yet known become
     * pending work whose parent is this item; a child known in any state, or whose key holds
     * anything at all, is left as it is.
     *
     * @param budget children this transaction may still write; the item is refused if its entry
     *     has more
     */
    Completion complete(Transaction tx, WorkId work, ResultId result, long epoch, double now, int[] budget) {
        WorkRecord record = table.require(tx, work);
        if (record.state() == WorkState.DONE && result.equals(record.result())) {
            return new Completion(outcome(tx, result), List.of(), true);
        }
        committedRecord(record, result);
        Versionstamp stamp = versionstampOf(tx, result);
        ManifestEntry entry = entry(tx, stamp);
        int missing = PromotionMarks.missing(tx.get(keys.promoted(result)), entry.children());
        if (missing > 0) {
            throw new WrongStateException("not every child of the entry is promoted")
                    .with("work", work).with("result", result).with("missing", missing)
                    .with("children", entry.children());
        }
        if (entry.children() > budget[0]) {
            throw new InvalidInputException("transaction has no room left for this entry's children")
                    .with("work", work).with("children", entry.children()).with("room", budget[0]);
        }
        budget[0] -= entry.children();
        List<Child> fresh = new ArrayList<>();
        for (Child child : children(tx, stamp, entry)) {
            if (!table.exists(tx, child.digest())) {
                fresh.add(child);
            }
        }
        List<WorkId> enqueued = new ArrayList<>();
        for (Child child : fresh) {
            table.write(tx, null, WorkRecord.pending(new WorkPayload(child.digest(), child.size()), work, epoch));
            enqueued.add(child.digest());
        }
        table.write(tx, record, record.done(epoch));
        ResultOutcome outcome = new ResultOutcome(ResultOutcome.SCHEMA, result, work, Outcome.DONE, null,
                enqueued.size(), epoch, now);
        tx.set(keys.outcome(result), ManifestCodecs.OUTCOME.encode(outcome));
        return new Completion(outcome, enqueued, false);
    }

    /**
     * Ends a committing entry that cannot be finished. The work goes back to pending as a new
     * attempt, or is abandoned for good once it has used the campaign's attempts.
     */
    Completion abandon(Transaction tx, WorkId work, ResultId result, String reason, long epoch, double now) {
        byte[] outcomeKey = keys.outcome(result);
        if (tx.get(outcomeKey) != null) {
            ResultOutcome earlier = outcome(tx, result);
            if (earlier.outcome() == Outcome.ABANDONED && earlier.work().equals(work)) {
                return new Completion(earlier, List.of(), true);
            }
            throw new WrongStateException("entry already ended with another outcome")
                    .with("work", work).with("result", result).with("outcome", earlier.outcome().wireName());
        }
        WorkRecord record = table.require(tx, work);
        committedRecord(record, result);
        if (record.state() != WorkState.COMMITTING) {
            throw new WrongStateException("only a committing entry can be abandoned")
                    .with("work", work).with("actual", record.state().wireName());
        }
        boolean exhausted = record.attempts() >= config.maxAttempts();
        table.write(tx, record, exhausted ? record.abandoned(epoch) : record.released(epoch));
        ResultOutcome outcome = new ResultOutcome(ResultOutcome.SCHEMA, result, work, Outcome.ABANDONED,
                reason, 0, epoch, now);
        tx.set(outcomeKey, ManifestCodecs.OUTCOME.encode(outcome));
        return new Completion(outcome, List.of(), false);
    }

    /** One committing item with its entry, children and marks, for replay. */
    CommittingEntry committingEntry(ReadTransaction tx, WorkId work) {
        WorkRecord record = table.require(tx, work);
        if (record.state() != WorkState.COMMITTING) {
            throw new CorruptRecordException("committing index entry has no committing work record")
                    .with("key", HexFormat.of().formatHex(keys.committing(work)))
                    .with("state", record.state().wireName());
        }
        Versionstamp stamp = versionstampOf(tx, record.result());
        ManifestEntry entry = entry(tx, stamp);
        return new CommittingEntry(record, entry, children(tx, stamp, entry), tx.get(keys.promoted(record.result())));
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
        byte[] value = tx.get(key);
        if (value == null) {
            throw new CorruptRecordException("result index names a manifest entry that does not exist")
                    .with("key", HexFormat.of().formatHex(key));
        }
        return ManifestCodecs.ENTRY.decode(key, value);
    }

    private List<Child> children(ReadTransaction tx, Versionstamp stamp, ManifestEntry entry) {
        List<Child> children = new ArrayList<>(entry.children());
        for (int chunk = 0; chunk < entry.chunks(); chunk++) {
            byte[] key = keys.manifest(stamp, chunk + 1);
            byte[] value = tx.get(key);
            ChildChunk part = value == null ? null : ManifestCodecs.CHUNK.decode(key, value);
            if (part == null || part.index() != chunk || !part.result().equals(entry.result())) {
                throw new CorruptRecordException("manifest child chunk is missing or belongs elsewhere")
                        .with("key", HexFormat.of().formatHex(key)).with("chunk", chunk);
            }
            children.addAll(part.children());
        }
        if (children.size() != entry.children()) {
            throw new CorruptRecordException("manifest child chunks do not add up to the entry's count")
                    .with("result", entry.result()).with("declared", entry.children()).with("found", children.size());
        }
        return children;
    }

    private ResultOutcome outcome(ReadTransaction tx, ResultId result) {
        byte[] key = keys.outcome(result);
        byte[] value = tx.get(key);
        if (value == null) {
            throw new CorruptRecordException("completed work has no outcome for its result")
                    .with("key", HexFormat.of().formatHex(key));
        }
        return ManifestCodecs.OUTCOME.decode(key, value);
    }
}
