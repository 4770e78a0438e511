package io.frontier.store.campaign;

import io.frontier.store.error.CampaignSetupException;
import io.frontier.store.error.StaleEpochException;
import io.frontier.store.error.StaleTokenException;
import io.frontier.store.error.WrongStateException;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.kv.ReadTransaction;
import io.frontier.store.record.EpochRecord;
import io.frontier.store.record.RecordCodec;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.record.WorkState;

/**
 * The two fences of every mutating operation, both serializable reads in the operation's own
 * transaction: the stored epoch must be the caller's, and an item must be leased under exactly
 * the presented token in that epoch. A concurrent bump or re-grant therefore either makes the
 * operation conflict and retry (and then fail here) or commits after it.
 */
final class EpochFence {

    private final CampaignKeys keys;

    EpochFence(CampaignKeys keys) {
        this.keys = keys;
    }

    /** The stored epoch record, which must exist. */
    EpochRecord current(ReadTransaction tx) {
        byte[] value = tx.get(keys.epoch());
        if (value == null) {
            throw new CampaignSetupException("campaign is not initialised");
        }
        return RecordCodec.EPOCH.decode(keys.epoch(), value);
    }

    /** Fails unless {@code presented} is the current epoch. */
    EpochRecord check(ReadTransaction tx, long presented) {
        EpochRecord current = current(tx);
        if (current.epoch() != presented) {
            throw new StaleEpochException("caller's epoch is not the campaign's current epoch")
                    .with("presentedEpoch", presented).with("currentEpoch", current.epoch());
        }
        return current;
    }

    /**
     * Fails unless {@code record} is leased under {@code lease}'s token in {@code epoch}. The
     * failure says why: another token (or none) holds it, the lease is already committed, or it
     * was granted under an older epoch.
     */
    static void checkHeld(WorkRecord record, Lease lease, long epoch) {
        if (!lease.token().equals(record.token())) {
            throw new StaleTokenException("presented token is not the one the store holds")
                    .with("work", record.id())
                    .with("expectedToken", record.token() == null ? "none" : record.token())
                    .with("presentedToken", lease.token())
                    .with("state", record.state().wireName())
                    .with("recordEpoch", record.epoch())
                    .with("presentedEpoch", epoch);
        }
        if (record.state() != WorkState.LEASED) {
            throw new WrongStateException("work is not leased")
                    .with("work", record.id()).with("expected", WorkState.LEASED.wireName())
                    .with("actual", record.state().wireName());
        }
        if (record.epoch() != epoch) {
            throw new StaleEpochException("lease was granted under an older epoch")
                    .with("work", record.id()).with("token", lease.token())
                    .with("recordEpoch", record.epoch()).with("presentedEpoch", epoch);
        }
    }
}
