package io.frontier.store.record;

import io.frontier.store.error.InvalidInputException;

/**
 * The campaign's current epoch and the job that moved it there.
 *
 * @param epoch the current epoch, at least 1; only ever grows
 * @param job the id of the job that set it (a retried bump recognises its own effect by it)
 * @param changedAt Unix seconds of the change
 */
public record EpochRecord(int schema, long epoch, String job, double changedAt) {

    public static final int SCHEMA = 1;

    public EpochRecord {
        if (schema != SCHEMA) {
            throw new InvalidInputException("epoch record schema is not supported").with("schema", schema);
        }
        if (epoch < 1) {
            throw new InvalidInputException("epoch is below 1").with("epoch", epoch);
        }
        Owner.of(job);
        Times.instant("changedAt", changedAt);
    }

    public static EpochRecord of(long epoch, String job, double changedAt) {
        return new EpochRecord(SCHEMA, epoch, job, changedAt);
    }
}
