package io.frontier.store.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
 * @param round which round of the work this is: 0 for its first, one more for each earlier round
 *     that sent it back (a time-out retried, a repeated run)
 * @param limitFactor what this round multiplied the campaign's time limit by
 *
 * <p>Schema 1, written before rounds, is read as schema 2 with round 0 and factor 1.
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
        double committedAt,
        int round,
        int limitFactor) {

    public static final int SCHEMA = 2;
    private static final int SCHEMA_WITHOUT_ROUNDS = 1;
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
        if (round < 0 || limitFactor < 1) {
            throw new InvalidInputException("manifest entry round or time-limit factor out of range")
                    .with("round", round).with("limitFactor", limitFactor);
        }
    }

    /** A stored schema-1 entry as schema 2: round 0, factor 1. */
    public static void upgrade(ObjectNode entry) {
        JsonNode schema = entry.get("schema");
        if (schema != null && schema.isInt() && schema.intValue() == SCHEMA_WITHOUT_ROUNDS) {
            entry.put("schema", SCHEMA);
            entry.putIfAbsent("round", IntNode.valueOf(0));
            entry.putIfAbsent("limitFactor", IntNode.valueOf(1));
        }
    }

    /** How many chunks hold {@code children} digests. */
    public static int chunksFor(int children) {
        return (children + CHUNK_SIZE - 1) / CHUNK_SIZE;
    }
}
