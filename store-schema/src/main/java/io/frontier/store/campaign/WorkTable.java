package io.frontier.store.campaign;

import io.frontier.store.error.CorruptRecordException;
import io.frontier.store.error.UnknownWorkException;
import io.frontier.store.keyspace.Buckets;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.kv.ReadTransaction;
import io.frontier.store.kv.Transaction;
import io.frontier.store.record.RecordCodec;
import io.frontier.store.record.WorkId;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.record.WorkState;
import java.util.HexFormat;

/**
 * Reads and writes work records together with everything derived from them: the index entry
 * of the record's state and the sharded state counters. Every state edge goes through
 * {@link #write}, so an index entry exists exactly for a record in that index's state and the
 * counters move with the edges.
 */
final class WorkTable {

    private final CampaignKeys keys;
    private final int buckets;

    WorkTable(CampaignKeys keys, int buckets) {
        this.keys = keys;
        this.buckets = buckets;
    }

    /**
     * The record of {@code id}, or null if there is none; the read is serializable when
     * {@code tx} is. A stored value that fails to decode, or whose id differs from the hash in
     * its key, is reported and left as it is.
     */
    WorkRecord read(ReadTransaction tx, WorkId id) {
        byte[] key = keys.work(id);
        byte[] value = tx.get(key);
        if (value == null) {
            return null;
        }
        WorkRecord record = RecordCodec.WORK.decode(key, value);
        if (!record.id().equals(id)) {
            throw new CorruptRecordException("work record id differs from the hash in its key")
                    .with("key", HexFormat.of().formatHex(key)).with("keyId", id).with("recordId", record.id());
        }
        return record;
    }

    /** Like {@link #read}, but a missing record is an {@link UnknownWorkException}. */
    WorkRecord require(ReadTransaction tx, WorkId id) {
        WorkRecord record = read(tx, id);
        if (record == null) {
            throw new UnknownWorkException("no work record exists for this id").with("work", id);
        }
        return record;
    }

    /** True if any value is stored for {@code id}, decodable or not. */
    boolean exists(ReadTransaction tx, WorkId id) {
        return tx.get(keys.work(id)) != null;
    }

    /**
     * Replaces {@code before} (null for a new item) with {@code after}: the record, the index
     * entries of both states, and the counters.
     */
    void write(Transaction tx, WorkRecord before, WorkRecord after) {
        if (before != null) {
            unindex(tx, before);
        }
        tx.set(keys.work(after.id()), RecordCodec.WORK.encode(after));
        index(tx, after);
        if (before == null || before.state() != after.state()) {
            int shard = CampaignKeys.shardOf(after.id());
            if (before != null) {
                tx.add(keys.count(Counter.of(before.state()), shard), -1);
            }
            tx.add(keys.count(Counter.of(after.state()), shard), 1);
        }
    }

    private void unindex(Transaction tx, WorkRecord record) {
        switch (record.state()) {
            case PENDING -> tx.clear(keys.ready(Buckets.of(record.id(), buckets), record.id()));
            case LEASED -> tx.clear(keys.leased(record.epoch(), record.leaseExpiry(), record.id()));
            case COMMITTING -> tx.clear(keys.committing(record.id()));
            case DONE, ABANDONED -> {
                // Terminal states have no index entry.
            }
        }
    }

    private void index(Transaction tx, WorkRecord record) {
        byte[] empty = new byte[0];
        switch (record.state()) {
            case PENDING -> tx.set(keys.ready(Buckets.of(record.id(), buckets), record.id()), empty);
            case LEASED -> tx.set(keys.leased(record.epoch(), record.leaseExpiry(), record.id()), empty);
            case COMMITTING -> tx.set(keys.committing(record.id()), CampaignKeys.committingValue(record.result()));
            case DONE, ABANDONED -> {
                // Terminal states have no index entry.
            }
        }
    }

    /** True if {@code state} is one an item leaves only through an edge someone must take. */
    static boolean unfinished(WorkState state) {
        return state == WorkState.PENDING || state == WorkState.LEASED || state == WorkState.COMMITTING;
    }
}
