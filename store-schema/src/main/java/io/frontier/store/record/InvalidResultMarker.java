package io.frontier.store.record;

import io.frontier.store.corpus.Digest;
import io.frontier.store.error.InvalidInputException;

/**
 * Written once, in the transaction that counts {@code result} as an invalid worker result, so
 * that a body re-run after an unknown commit outcome, or a second call for the same result,
 * finds it and does not count the result again.
 *
 * @param result the RESULT judged invalid
 * @param work the work it answered
 * @param epoch the epoch it was counted in
 * @param at when it was counted, Unix seconds
 */
public record InvalidResultMarker(int schema, ResultId result, Digest work, long epoch, double at) {

    public static final int SCHEMA = 1;

    public InvalidResultMarker {
        if (schema != SCHEMA) {
            throw new InvalidInputException("invalid result marker schema is not supported").with("schema", schema);
        }
        if (result == null || work == null) {
            throw new InvalidInputException("invalid result marker lacks result or work");
        }
        if (epoch < 1) {
            throw new InvalidInputException("epoch is below 1").with("epoch", epoch);
        }
        Times.instant("at", at);
    }

    public static InvalidResultMarker of(ResultId result, Digest work, long epoch, double at) {
        return new InvalidResultMarker(SCHEMA, result, work, epoch, at);
    }
}
