package io.frontier.store.manifest;

import io.frontier.store.error.InvalidInputException;
import io.frontier.store.record.Owner;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.Times;
import io.frontier.store.record.Token;
import io.frontier.store.corpus.Digest;
import io.frontier.store.wire.Execution;

/**
 * The head of one manifest entry: which result of which work was accepted, under which token
 * and epoch, where its staged children wait, and how many there are. Its children follow in
 * {@code chunks} {@link ChildChunk}s of at most {@link #CHUNK_SIZE}.
 *
 * @param stage where the staged children lie, relative to the campaign directory
 * @param children how many children the result declared, at most {@link #MAX_CHILDREN}
 * @param execution what the execution that produced the result did (exit kind, status, wall
 *     time, time-out), as its worker measured it
 */
public record ManifestEntry(
        int schema,
        ResultId result,
        Digest work,
        Token token,
        Owner owner,
        long epoch,
        String stage,
        int children,
        int chunks,
        Execution execution,
        double committedAt) {

    public static final int SCHEMA = 1;
    /** Digests per child chunk: keeps each value small and each entry a few keys. */
    public static final int CHUNK_SIZE = 256;
    /**
     * Children one result may declare. Completion writes a record and an index key per child
     * in one transaction; this bound keeps that well under FoundationDB's 1 MB guideline.
     */
    public static final int MAX_CHILDREN = 1024;
    private static final int MAX_STAGE_LENGTH = 1024;

    public ManifestEntry {
        if (schema != SCHEMA) {
            throw new InvalidInputException("manifest entry schema is not supported").with("schema", schema);
        }
        if (result == null || work == null || token == null || owner == null || execution == null) {
            throw new InvalidInputException("manifest entry lacks result, work, token, owner or execution");
        }
        if (epoch < 1 || children < 0 || children > MAX_CHILDREN || chunks != chunksFor(children)) {
            throw new InvalidInputException("manifest entry counts out of range")
                    .with("epoch", epoch).with("children", children).with("chunks", chunks);
        }
        if (stage == null || stage.isEmpty() || stage.length() > MAX_STAGE_LENGTH) {
            throw new InvalidInputException("stage location is empty or too long").with("stage", stage);
        }
        Times.instant("committedAt", committedAt);
    }

    /** How many chunks hold {@code children} digests. */
    public static int chunksFor(int children) {
        return (children + CHUNK_SIZE - 1) / CHUNK_SIZE;
    }
}
