package io.frontier.store.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.frontier.store.error.InvalidInputException;
import io.frontier.store.record.Owner;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.Times;
import io.frontier.store.record.Token;
import io.frontier.store.corpus.Digest;
import io.frontier.store.wire.Execution;
import io.frontier.store.wire.LeftOut;

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
 * @param leftOut the entries of the execution's output directory that did not become children
 *     (symbolic links, special files, outputs over the limit), counted by why
 * @param chunksByResult where the child chunks are stored: false under this entry's versionstamp,
 *     written in the decision's own transaction; true under the result id
 *     ({@link io.frontier.store.keyspace.CampaignSubspace#CHILD_CHUNKS}), written ahead of the
 *     decision in transactions of their own because the children are more than one transaction
 *     takes (see {@link io.frontier.store.campaign.CampaignStore#beginCommits})
 *
 * <p>Schema 1, written before rounds, is read as schema 3 with round 0 and factor 1; schemas 1 and
 * 2, written before outputs left out were counted and before children could be stored apart, with
 * nothing left out and the chunks under the versionstamp.
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
        int limitFactor,
        LeftOut leftOut,
        boolean chunksByResult) {

    public static final int SCHEMA = 3;
    private static final int SCHEMA_WITHOUT_ROUNDS = 1;
    private static final int SCHEMA_WITHOUT_LEFT_OUT = 2;
    /** Digests per child chunk: keeps each value small (under 30 KB) and each entry a few keys. */
    public static final int CHUNK_SIZE = 256;
    /**
     * Children one result may declare: as many outputs as a worker takes from one execution. A
     * decision whose children are more than one transaction takes writes their chunks ahead, and a
     * completion enqueues them in parts (see {@link io.frontier.store.campaign.CampaignStore}).
     */
    public static final int MAX_CHILDREN = 100_000;
    private static final int MAX_STAGE_LENGTH = 1024;

    public ManifestEntry {
        if (schema != SCHEMA) {
            throw new InvalidInputException("manifest entry schema is not supported").with("schema", schema);
        }
        if (result == null || work == null || token == null || owner == null || execution == null || leftOut == null) {
            throw new InvalidInputException("manifest entry lacks result, work, token, owner, execution or leftOut");
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

    /**
     * A stored entry of schema 1 or 2 as schema 3: round 0 and factor 1 where it has none, nothing
     * left out, chunks under the versionstamp.
     */
    public static void upgrade(ObjectNode entry) {
        JsonNode schema = entry.get("schema");
        if (schema == null || !schema.isInt()) {
            return;
        }
        if (schema.intValue() == SCHEMA_WITHOUT_ROUNDS) {
            entry.put("schema", SCHEMA_WITHOUT_LEFT_OUT);
            entry.putIfAbsent("round", IntNode.valueOf(0));
            entry.putIfAbsent("limitFactor", IntNode.valueOf(1));
        }
        if (entry.get("schema").intValue() == SCHEMA_WITHOUT_LEFT_OUT) {
            entry.put("schema", SCHEMA);
            ObjectNode nothing = entry.objectNode();
            nothing.put("links", 0).put("special", 0).put("overLimit", 0);
            entry.putIfAbsent("leftOut", nothing);
            entry.putIfAbsent("chunksByResult", BooleanNode.FALSE);
        }
    }

    /** How many chunks hold {@code children} digests. */
    public static int chunksFor(int children) {
        return (children + CHUNK_SIZE - 1) / CHUNK_SIZE;
    }
}
