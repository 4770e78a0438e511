package io.frontier.store.campaign;

import io.frontier.store.error.InvalidInputException;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.kv.Transaction;
import io.frontier.store.record.InvalidResultMarker;
import io.frontier.store.record.RecordCodec;
import io.frontier.store.record.ResultId;
import io.frontier.store.corpus.Digest;

/**
 * The transaction body that counts a worker result judged invalid: one marker per result id,
 * written in the transaction that adds one to {@link Counter#INVALID}, so each result id is
 * counted once however often, and by whichever operation, it is reported.
 */
final class InvalidResults {

    private final CampaignKeys keys;

    InvalidResults(CampaignKeys keys) {
        this.keys = keys;
    }

    /**
     * Counts {@code result}, an invalid answer for {@code work}, unless its marker exists; returns
     * the marker, as stored before or as written now. Reads before it writes.
     *
     * @throws InvalidInputException if {@code result} was counted for another work
     */
    InvalidResultMarker count(Transaction tx, WorkTable table, ResultId result, Digest work, long epoch, double now) {
        byte[] key = keys.invalid(result);
        byte[] stored = tx.get(key);
        if (stored != null) {
            InvalidResultMarker earlier = RecordCodec.INVALID_RESULT.decode(key, stored);
            if (!earlier.work().equals(work)) {
                throw new InvalidInputException("result id is already counted invalid for another work")
                        .with("result", result).with("countedWork", earlier.work()).with("work", work);
            }
            return earlier;
        }
        InvalidResultMarker marker = InvalidResultMarker.of(result, work, epoch, now);
        tx.set(key, RecordCodec.INVALID_RESULT.encode(marker));
        table.count(Counter.INVALID, work, 1);
        return marker;
    }
}
