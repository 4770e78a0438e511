package io.frontier.store.campaign;

import io.frontier.store.error.CorruptRecordException;
import io.frontier.store.error.UnknownWorkException;
import io.frontier.store.keyspace.Buckets;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.kv.ReadTransaction;
import io.frontier.store.kv.Transaction;
import io.frontier.store.record.RecordCodec;
import io.frontier.store.corpus.Digest;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.record.WorkState;
import io.frontier.store.exploration.Tier;
import io.frontier.store.session.FeedEntry;
import io.frontier.store.session.FeedInput;
import io.frontier.store.session.SessionCodecs;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * The work records of one transaction, read and written together with everything derived from
 * them: the index entry of the record's state and the sharded state counters. Every state edge
 * goes through {@link #write}, so an index entry exists exactly for a record in that index's
 * state and the counters move with the edges.
 *
 * <p>Counter changes are summed per key and written by {@link #flush} as one ADD each, which the
 * caller does once at the end of the transaction body; a body that throws before its first
 * write leaves nothing to flush. One instance per execution of a body, never shared.
 */
final class WorkTable {

    private final Transaction tx;
    private final CampaignKeys keys;
    private final int buckets;
    /** Inputs this transaction admits into the campaign's feed, written by {@link #flush}. */
    private final List<FeedInput> fed = new ArrayList<>();
    /** Pending counter changes of this transaction, by count key (hex). */
    private final Map<String, Long> deltas = new HashMap<>();
    private final Map<String, byte[]> deltaKeys = new HashMap<>();

    WorkTable(Transaction tx, CampaignKeys keys, int buckets) {
        this.tx = tx;
        this.keys = keys;
        this.buckets = buckets;
    }

    /**
     * The record of {@code id}, or null if there is none; the read is serializable when
     * {@code tx} is. A stored value that fails to decode, or whose id differs from the hash in
     * its key, is reported and left as it is.
     */
    WorkRecord read(Digest id) {
        return read(tx, keys, id);
    }

    /** {@link #read} in any transaction, read-only ones included. */
    static WorkRecord read(ReadTransaction tx, CampaignKeys keys, Digest id) {
        byte[] key = keys.work(id);
        WorkRecord record = Prefetching.decode(tx, key, RecordCodec.WORK);
        if (record == null) {
            return null;
        }
        if (!record.id().equals(id)) {
            throw new CorruptRecordException("work record id differs from the hash in its key")
                    .with("key", HexFormat.of().formatHex(key)).with("keyId", id).with("recordId", record.id());
        }
        return record;
    }

    /** Like {@link #read}, but a missing record is an {@link UnknownWorkException}. */
    WorkRecord require(Digest id) {
        WorkRecord record = read(id);
        if (record == null) {
            throw new UnknownWorkException("no work record exists for this id").with("work", id);
        }
        return record;
    }

    /** True if any value is stored for {@code id}, decodable or not. */
    boolean exists(Digest id) {
        return tx.get(keys.work(id)) != null;
    }

    /**
     * Replaces {@code before} (null for a new item) with {@code after}: the record, the index
     * entries of both states, and the counters (a session counts once, in
     * {@link Counter#SESSIONS}, and not by state). A new input that joins tier 0 (a seed, a child
     * that reached new coverage or was kept without triage) also joins the feed.
     */
    void write(WorkRecord before, WorkRecord after) {
        if (before != null) {
            unindex(before);
        } else if (after.session() == null && after.tier() == Tier.NEW_COVERAGE) {
            feed(after.id(), after.payload().size());
        }
        tx.set(keys.work(after.id()), RecordCodec.WORK.encode(after));
        index(after);
        if (after.session() != null) {
            if (before == null) {
                count(Counter.SESSIONS, after.id(), 1);
            }
            return;
        }
        if (before == null || before.state() != after.state()) {
            if (before != null) {
                count(Counter.of(before.state()), after.id(), -1);
            }
            count(Counter.of(after.state()), after.id(), 1);
        }
        countTiered(before, -1);
        countTiered(after, 1);
    }

    /** Moves the lower tiers' item and byte counters by {@code sign} if {@code record} waits there. */
    private void countTiered(WorkRecord record, int sign) {
        if (record != null && record.state() == WorkState.PENDING && record.tier() > Tier.NEW_COVERAGE) {
            count(Counter.pendingIn(record.tier()), record.id(), sign);
            count(Counter.TIERED_BYTES, record.id(), sign * record.payload().size());
        }
    }

    /**
     * The key of {@code record}'s entry in the index of pending work: the session index for a
     * session item, which no claim of input work reads; the unranked ready index for a tier-0
     * item that was not triaged (a seed, a child kept without triage), else the ranked index at
     * its claim order and its rank inside its tier.
     * Everything it depends on is fixed while the item is pending, so the entry written when it
     * became pending is the one cleared when it leaves.
     */
    private byte[] readyKey(WorkRecord record) {
        if (record.session() != null) {
            return keys.session(record.session().kind(), record.session().slot(), record.id());
        }
        int bucket = Buckets.of(record.id(), buckets);
        return record.tier() == Tier.NEW_COVERAGE && !record.triaged()
                ? keys.ready(bucket, record.id())
                : keys.tiered(record.claimOrder(),
                        Tier.rank(record.tier(), record.newEdges(), record.payload().size(), record.depth()),
                        bucket, record.id());
    }

    /** Adds {@code delta} to {@code counter} in the shard of {@code id}, at {@link #flush}. */
    void count(Counter counter, Digest id, long delta) {
        byte[] key = keys.count(counter, CampaignKeys.shardOf(id));
        String name = HexFormat.of().formatHex(key);
        deltas.merge(name, delta, Long::sum);
        deltaKeys.putIfAbsent(name, key);
    }

    /**
     * Appends {@code digest} to the campaign's feed at {@link #flush}: an input that reached new
     * coverage but becomes no work item (in a campaign whose only executors are sessions).
     */
    void feed(Digest digest, long size) {
        fed.add(new FeedInput(digest, size));
    }

    /**
     * Writes the summed counter changes as atomic ADDs and the feed's new entries, under this
     * transaction's versionstamp; call once, last in the body.
     */
    void flush() {
        deltas.forEach((name, delta) -> {
            if (delta != 0) {
                tx.add(deltaKeys.get(name), delta);
            }
        });
        deltas.clear();
        for (int from = 0, part = 0; from < fed.size(); from += FeedEntry.MAX_INPUTS, part++) {
            List<FeedInput> inputs = fed.subList(from, Math.min(fed.size(), from + FeedEntry.MAX_INPUTS));
            tx.setVersionstampedKey(keys.feedToStamp(part),
                    SessionCodecs.FEED.encode(new FeedEntry(FeedEntry.SCHEMA, inputs)));
        }
        fed.clear();
    }

    private void unindex(WorkRecord record) {
        switch (record.state()) {
            case PENDING -> tx.clear(readyKey(record));
            case LEASED -> tx.clear(keys.leased(record.epoch(), record.leaseExpiry(), record.id()));
            case COMMITTING -> tx.clear(keys.committing(record.id()));
            case DONE, ABANDONED -> {
                // Terminal states have no index entry.
            }
        }
    }

    private void index(WorkRecord record) {
        byte[] empty = new byte[0];
        switch (record.state()) {
            case PENDING -> tx.set(readyKey(record), empty);
            case LEASED -> tx.set(keys.leased(record.epoch(), record.leaseExpiry(), record.id()), empty);
            case COMMITTING -> tx.set(keys.committing(record.id()), CampaignKeys.committingValue(record.result()));
            case DONE, ABANDONED -> {
                // Terminal states have no index entry.
            }
        }
    }
}
