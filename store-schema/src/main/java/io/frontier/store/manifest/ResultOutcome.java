package io.frontier.store.manifest;

import io.frontier.store.error.InvalidInputException;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.Times;
import io.frontier.store.corpus.Digest;

/**
 * Written once when a manifest entry ends, beside it (the entry itself is never changed).
 *
 * @param enqueued how many of the entry's children were new work (the others were known
 *     already); 0 when abandoned
 * @param reason why it was abandoned; null when done
 */
public record ResultOutcome(
        int schema,
        ResultId result,
        Digest work,
        Outcome outcome,
        String reason,
        int enqueued,
        long epoch,
        double at) {

    public static final int SCHEMA = 1;

    public ResultOutcome {
        if (schema != SCHEMA) {
            throw new InvalidInputException("result outcome schema is not supported").with("schema", schema);
        }
        if (result == null || work == null || outcome == null || epoch < 1 || enqueued < 0) {
            throw new InvalidInputException("result outcome fields missing or out of range");
        }
        boolean hasReason = reason != null && !reason.isBlank();
        if ((outcome == Outcome.ABANDONED) != hasReason || (outcome == Outcome.ABANDONED && enqueued != 0)) {
            throw new InvalidInputException("result outcome reason contradicts the outcome")
                    .with("outcome", outcome.wireName());
        }
        Times.instant("at", at);
    }
}
