package io.frontier.store.campaign;

import io.frontier.store.error.CorruptRecordException;
import io.frontier.store.error.FrontierException;
import io.frontier.store.error.UnreadableRecordException;
import io.frontier.store.exploration.ClaimOrder;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.keyspace.KeyRange;
import io.frontier.store.keyspace.LeasedKey;
import io.frontier.store.keyspace.ReadyKey;
import io.frontier.store.keyspace.ReceiptKind;
import io.frontier.store.keyspace.SessionKey;
import io.frontier.store.kv.KeyValue;
import io.frontier.store.kv.Transaction;
import io.frontier.store.record.Owner;
import io.frontier.store.record.Receipt;
import io.frontier.store.record.RecordCodec;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.Token;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.record.WorkState;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/** The transaction bodies of the lease edges: claim, renew, release, requeue and recovery. */
final class Leasing {

    /** Candidates read per item wanted, so that concurrent claimers rarely pick the same key. */
    private static final int CANDIDATES_PER_ITEM = 4;
    /** Pending session items read per session claim: slots of one kind are as many as a job's workers. */
    private static final int SESSION_CANDIDATES = 64;

    private final CampaignKeys keys;
    private final int buckets;
    private final InvalidResults invalid;

    Leasing(CampaignKeys keys, int buckets) {
        this.keys = keys;
        this.buckets = buckets;
        this.invalid = new InvalidResults(keys);
    }

    /**
     * Grants up to {@code tokens.size()} pending items, first in claim order ({@link ClaimOrder}):
     * every tier-0 item it can, or else one item of the lower tiers. A claim that found some
     * tier-0 work takes nothing more: a claimer holds what it claimed until its workers take it,
     * and a redundant input taken to fill the batch would run while new-coverage work waits (on the
     * exploration benchmark a batch of eight lower-tier items cost the tiers policy edges against
     * novelty only). Candidates come from a snapshot read of the ready index (the caller's
     * buckets first, then the others from a random bucket on), are shuffled, and each picked one
     * gets a read conflict on its index key and a serializable read of its record: two claimers
     * conflict only if they pick the same item.
     */
    ClaimResult claim(Transaction tx, WorkTable table, String request, Owner owner, Set<Integer> preferred,
            List<Token> tokens, long epoch, double expiry) {
        byte[] receiptKey = keys.receipt(owner, ReceiptKind.CLAIM);
        Receipt receipt = earlierReceipt(tx, receiptKey, request);
        if (receipt != null) {
            return new ClaimResult(receipt.records(), List.of());
        }
        List<byte[]> candidates = candidates(tx, preferred, tokens.size() * CANDIDATES_PER_ITEM, tokens.size());
        List<WorkRecord> granted = new ArrayList<>();
        List<Blocked> blocked = new ArrayList<>();
        for (byte[] readyKey : candidates) {
            if (granted.size() == tokens.size()) {
                break;
            }
            try {
                ReadyKey ready = keys.decodeAnyReady(readyKey);
                boolean lowerTier = ready.claimOrder() > ClaimOrder.NEW_COVERAGE;
                if (lowerTier && !granted.isEmpty()) {
                    break;
                }
                // Only a key this claim acts on gets a conflict: a candidate left unread must not
                // make the claim conflict with another claimer that takes it.
                tx.addReadConflictKey(readyKey);
                WorkRecord record = table.read(ready.id());
                if (record == null || record.state() != WorkState.PENDING) {
                    throw new CorruptRecordException("ready index entry has no pending work record")
                            .with("key", hex(readyKey))
                            .with("state", record == null ? "missing" : record.state().wireName());
                }
                WorkRecord leased = record.leased(tokens.get(granted.size()), owner, epoch, expiry);
                table.write(record, leased);
                granted.add(leased);
            } catch (UnreadableRecordException e) {
                blocked.add(new Blocked(hex(readyKey), e));
            }
        }
        if (!granted.isEmpty()) {
            tx.set(receiptKey, RecordCodec.RECEIPT.encode(Receipt.of(request, granted)));
        }
        return new ClaimResult(granted, blocked);
    }

    /**
     * Grants one pending session item of {@code kind}: slot {@code preferredSlot} if it is
     * pending, else any other, picked at random among the first few. Session items wait in an
     * index of their own, so no claim of input work ever takes one. The picked key gets a read
     * conflict and its record a serializable read, as in {@link #claim}; a re-executed body
     * returns the grant of its first execution.
     */
    ClaimResult claimSession(Transaction tx, WorkTable table, String request, Owner owner, String kind,
            int preferredSlot, Token token, long epoch, double expiry) {
        byte[] receiptKey = keys.receipt(owner, ReceiptKind.CLAIM_SESSION);
        Receipt receipt = earlierReceipt(tx, receiptKey, request);
        if (receipt != null) {
            return new ClaimResult(receipt.records(), List.of());
        }
        KeyRange range = keys.sessions(kind);
        List<byte[]> preferred = new ArrayList<>();
        List<byte[]> others = new ArrayList<>();
        for (KeyValue pair : tx.snapshot().getRange(range.begin(), range.end(), SESSION_CANDIDATES, false)) {
            try {
                (keys.decodeSession(pair.key()).slot() == preferredSlot ? preferred : others).add(pair.key());
            } catch (UnreadableRecordException e) {
                others.add(pair.key());
            }
        }
        Collections.shuffle(others);
        preferred.addAll(others);
        List<Blocked> blocked = new ArrayList<>();
        for (byte[] sessionKey : preferred) {
            try {
                SessionKey session = keys.decodeSession(sessionKey);
                tx.addReadConflictKey(sessionKey);
                WorkRecord record = table.read(session.id());
                if (record == null || record.state() != WorkState.PENDING || record.session() == null
                        || record.session().slot() != session.slot() || !record.session().kind().equals(kind)) {
                    throw new CorruptRecordException("session index entry has no pending session record")
                            .with("key", hex(sessionKey))
                            .with("state", record == null ? "missing" : record.state().wireName());
                }
                WorkRecord leased = record.leased(token, owner, epoch, expiry);
                table.write(record, leased);
                tx.set(receiptKey, RecordCodec.RECEIPT.encode(Receipt.of(request, List.of(leased))));
                return new ClaimResult(List.of(leased), blocked);
            } catch (UnreadableRecordException e) {
                blocked.add(new Blocked(hex(sessionKey), e));
            }
        }
        return new ClaimResult(List.of(), blocked);
    }

    /**
     * Ready keys to try: the unranked ready index first (seeds and inputs kept without triage),
     * own buckets first, each group shuffled, so claimers of the same bucket rarely pick the same
     * key; other buckets only if the own ones cannot fill the claim. The ranked index only if the
     * unranked one cannot: its tier-0 items by rank, then the lower tiers in claim order.
     */
    private List<byte[]> candidates(Transaction tx, Set<Integer> preferred, int wanted, int needed) {
        Map<String, byte[]> own = new LinkedHashMap<>();
        List<Integer> order = new ArrayList<>(preferred);
        Collections.shuffle(order);
        for (int bucket : order) {
            if (own.size() >= wanted) {
                break;
            }
            if (bucket >= 0 && bucket < buckets) {
                collect(tx, keys.ready(bucket), wanted - own.size(), own);
            }
        }
        List<byte[]> result = new ArrayList<>(own.values());
        Collections.shuffle(result);
        if (own.size() < needed) {
            Map<String, byte[]> stolen = new LinkedHashMap<>();
            KeyRange all = keys.ready();
            byte[] start = keys.ready(ThreadLocalRandom.current().nextInt(buckets)).begin();
            collect(tx, new KeyRange(start, all.end()), wanted, stolen);
            collect(tx, new KeyRange(all.begin(), start), wanted - stolen.size(), stolen);
            own.keySet().forEach(stolen::remove);
            List<byte[]> others = new ArrayList<>(stolen.values());
            Collections.shuffle(others);
            result.addAll(others);
        }
        if (result.size() < needed) {
            result.addAll(ranked(tx, wanted));
        }
        return result;
    }

    /**
     * Up to {@code wanted} keys from the start of the ranked index, lowest claim order and rank
     * first; keys of one claim order and rank are shuffled among themselves, so that concurrent
     * claimers rarely pick the same key and never pick out of order across ranks.
     */
    private List<byte[]> ranked(Transaction tx, int wanted) {
        KeyRange range = keys.tiered();
        List<byte[]> ordered = new ArrayList<>();
        List<byte[]> run = new ArrayList<>();
        long runOrder = -1;
        for (KeyValue pair : tx.snapshot().getRange(range.begin(), range.end(), wanted, false)) {
            long order;
            try {
                order = keys.decodeTiered(pair.key()).order();
            } catch (UnreadableRecordException e) {
                order = runOrder;
            }
            if (order != runOrder) {
                Collections.shuffle(run);
                ordered.addAll(run);
                run.clear();
                runOrder = order;
            }
            run.add(pair.key());
        }
        Collections.shuffle(run);
        ordered.addAll(run);
        return ordered;
    }

    private static void collect(Transaction tx, KeyRange range, int limit, Map<String, byte[]> into) {
        if (limit <= 0) {
            return;
        }
        for (KeyValue pair : tx.snapshot().getRange(range.begin(), range.end(), limit, false)) {
            into.putIfAbsent(hex(pair.key()), pair.key());
        }
    }

    /** Extends each lease held under its exact token; the others fail with the reason. */
    List<ItemResult<WorkRecord>> renew(WorkTable table, List<Lease> leases, long epoch, double expiry) {
        List<ItemResult<WorkRecord>> results = new ArrayList<>();
        for (Lease lease : leases) {
            try {
                WorkRecord record = table.require(lease.work());
                EpochFence.checkHeld(record, lease, epoch);
                if (record.leaseExpiry() < expiry) {
                    WorkRecord renewed = record.renewed(expiry);
                    table.write(record, renewed);
                    record = renewed;
                }
                results.add(ItemResult.ok(record));
            } catch (FrontierException e) {
                results.add(ItemResult.failed(e));
            }
        }
        return results;
    }

    /**
     * Hands each lease held under its exact token back to pending, one attempt fewer; an item
     * already pending is reported unchanged; the others fail with the reason.
     */
    List<ItemResult<WorkRecord>> release(WorkTable table, List<Lease> leases, long epoch) {
        List<ItemResult<WorkRecord>> results = new ArrayList<>();
        for (Lease lease : leases) {
            try {
                WorkRecord record = table.require(lease.work());
                if (record.state() != WorkState.PENDING) {
                    EpochFence.checkHeld(record, lease, epoch);
                    WorkRecord released = record.unclaimed(epoch);
                    table.write(record, released);
                    record = released;
                }
                results.add(ItemResult.ok(record));
            } catch (FrontierException e) {
                results.add(ItemResult.failed(e));
            }
        }
        return results;
    }

    /**
     * Keeps the lease after an invalid result and counts the result as invalid (once per result
     * id, see {@link InvalidResults}); repeated calls for the same result are no-ops.
     */
    WorkRecord requeue(Transaction tx, WorkTable table, Lease lease, ResultId rejected, long epoch, double now,
            double expiry) {
        WorkRecord record = table.require(lease.work());
        if (record.state() == WorkState.LEASED && lease.token().equals(record.token())
                && rejected.equals(record.rejected()) && record.epoch() == epoch) {
            return record;
        }
        EpochFence.checkHeld(record, lease, epoch);
        invalid.count(tx, table, rejected, record.id(), epoch, now);
        WorkRecord retried = record.retried(rejected, Math.max(expiry, record.leaseExpiry()));
        table.write(record, retried);
        table.count(Counter.REJECTED, record.id(), 1);
        return retried;
    }

    /**
     * Releases up to {@code max} recoverable leases (older epoch, or expired at {@code now}),
     * picked at random among the first few in key order. Each candidate gets a read conflict on its index key and a serializable read of its record,
     * and is released only if the record is still that lease; otherwise it is blocked.
     */
    RecoveryResult recover(Transaction tx, WorkTable table, String request, Owner owner, int max, long epoch, double now) {
        byte[] receiptKey = keys.receipt(owner, ReceiptKind.RECOVER);
        Receipt receipt = earlierReceipt(tx, receiptKey, request);
        if (receipt != null) {
            return new RecoveryResult(receipt.records().stream()
                    .map(r -> new Recovered(r.id(), r.payload(), r.session() != null)).toList(), List.of());
        }
        KeyRange range = keys.recoverable(epoch, now);
        List<Recovered> recovered = new ArrayList<>();
        List<WorkRecord> released = new ArrayList<>();
        List<Blocked> blocked = new ArrayList<>();
        // After an epoch bump every coordinator's refresh finds the same recoverable keys first;
        // taken in key order, they would all fight over the same key each round. A shuffled
        // window of several candidates per item wanted spreads them, as claiming does.
        List<KeyValue> candidates = new ArrayList<>(
                tx.snapshot().getRange(range.begin(), range.end(), max * CANDIDATES_PER_ITEM, false));
        Collections.shuffle(candidates);
        for (KeyValue pair : candidates) {
            if (recovered.size() == max) {
                break;
            }
            tx.addReadConflictKey(pair.key());
            try {
                LeasedKey leased = keys.decodeLeased(pair.key());
                WorkRecord record = table.read(leased.id());
                // The range holds only older epochs and expiries at or before now, so a record
                // that still matches its index entry is recoverable.
                boolean matches = record != null && record.state() == WorkState.LEASED
                        && record.epoch() == leased.epoch() && record.leaseExpiry() == leased.expiry();
                if (!matches) {
                    throw new CorruptRecordException("leased index entry has no matching work record")
                            .with("key", hex(pair.key()))
                            .with("state", record == null ? "missing" : record.state().wireName());
                }
                WorkRecord pending = record.released(epoch);
                table.write(record, pending);
                released.add(pending);
                recovered.add(new Recovered(leased.id(), record.payload(), record.session() != null));
            } catch (UnreadableRecordException e) {
                blocked.add(new Blocked(hex(pair.key()), e));
            }
        }
        if (!released.isEmpty()) {
            tx.set(receiptKey, RecordCodec.RECEIPT.encode(Receipt.of(request, released)));
        }
        return new RecoveryResult(recovered, blocked);
    }

    /**
     * The receipt under {@code key} if it records {@code request}, else null. The receipt holds
     * every record its request granted, and decoding them all only to compare the request id cost
     * more than the claim's own reads; a request id is random hex that the receipt spells out as it
     * is, so a receipt whose bytes do not contain it is another request's and is not decoded (one
     * that cannot be decoded is then simply replaced).
     */
    private static Receipt earlierReceipt(Transaction tx, byte[] key, String request) {
        byte[] value = tx.get(key);
        if (value == null || !new String(value, StandardCharsets.ISO_8859_1).contains(request)) {
            return null;
        }
        Receipt receipt = RecordCodec.RECEIPT.decode(key, value);
        return receipt.request().equals(request) ? receipt : null;
    }

    private static String hex(byte[] key) {
        return HexFormat.of().formatHex(key);
    }
}
