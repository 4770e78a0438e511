package io.frontier.store.record;

import io.frontier.store.corpus.Digest;
import io.frontier.store.error.InvalidInputException;
import io.frontier.store.wire.DeclaredFinding;

/**
 * One input that made the target crash or hang, written once, in the commit decision of the
 * result that found it. Its bytes are in the public corpus under {@code input}.
 *
 * @param input the digest of the crashing or hanging input
 * @param finding kind, signal and duplicate-grouping signature, as the worker observed them
 * @param executor the executor whose execution found it ({@code afl}, {@code symcc}, ...)
 * @param work the work item whose execution found it: the input's parent, or the input itself
 *     when the executed input crashed
 * @param result the RESULT that declared it
 * @param epoch the epoch of that commit
 * @param foundAt when the commit decision recorded it, Unix seconds
 */
public record FindingRecord(int schema, Digest input, DeclaredFinding finding, String executor, Digest work,
                            ResultId result, long epoch, double foundAt) {

    public static final int SCHEMA = 1;

    public FindingRecord {
        if (schema != SCHEMA) {
            throw new InvalidInputException("finding record schema is not supported").with("schema", schema);
        }
        if (input == null || finding == null || executor == null || work == null || result == null) {
            throw new InvalidInputException("finding record lacks input, finding, executor, work or result");
        }
        if (epoch < 1) {
            throw new InvalidInputException("epoch is below 1").with("epoch", epoch);
        }
        Times.instant("foundAt", foundAt);
    }

    public static FindingRecord of(Digest input, DeclaredFinding finding, String executor, Digest work,
                                   ResultId result, long epoch, double foundAt) {
        return new FindingRecord(SCHEMA, input, finding, executor, work, result, epoch, foundAt);
    }
}
