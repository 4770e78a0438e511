package io.frontier.store.record;

import io.frontier.store.error.InvalidInputException;

/**
 * Written by a quiescence check that found nothing pending, leased or committing: proof, by
 * the check's own serializable reads, that the campaign was idle in {@code epoch} at {@code at}.
 *
 * @param check id of the check, generated outside the retry loop
 */
public record QuiescenceMarker(int schema, long epoch, String check, double at) {

    public static final int SCHEMA = 1;

    public QuiescenceMarker {
        if (schema != SCHEMA) {
            throw new InvalidInputException("quiescence marker schema is not supported").with("schema", schema);
        }
        if (epoch < 1) {
            throw new InvalidInputException("epoch is below 1").with("epoch", epoch);
        }
        ResultId.of(check);
        Times.instant("at", at);
    }

    public static QuiescenceMarker of(long epoch, String check, double at) {
        return new QuiescenceMarker(SCHEMA, epoch, check, at);
    }
}
