package io.frontier.store.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.frontier.store.error.InvalidInputException;
import io.frontier.store.record.ResultId;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Part {@code index} of a manifest entry's child list: the children numbered
 * {@code index * CHUNK_SIZE} onwards, in the order the result declared them. Promotion marks
 * refer to children by that overall number.
 */
public record ChildChunk(int schema, ResultId result, int index, List<Child> children) {

    public static final int SCHEMA = 2;
    /** The layout before children recorded whether triage judged them. */
    private static final int SCHEMA_WITHOUT_TRIAGE = 1;
    /** The wire names of the fates only triage gives. */
    private static final Set<String> JUDGED_FATES =
            Set.of(ChildFate.REDUNDANT.wireName(), ChildFate.DEFERRED.wireName(), ChildFate.DROPPED.wireName());

    public ChildChunk {
        if (schema != SCHEMA) {
            throw new InvalidInputException("child chunk schema is not supported").with("schema", schema);
        }
        if (result == null || children == null || children.stream().anyMatch(Objects::isNull)) {
            throw new InvalidInputException("child chunk lacks result or children");
        }
        if (index < 0 || children.isEmpty() || children.size() > ManifestEntry.CHUNK_SIZE) {
            throw new InvalidInputException("child chunk index or size out of range")
                    .with("index", index).with("size", children.size());
        }
        children = List.copyOf(children);
    }

    /**
     * A stored chunk of schema 1 as schema 2: a child is triaged if it counts new edges or was
     * redundant, deferred or dropped, the fates only triage gives; a child that joined the
     * frontier without new edges counted, or a finding, is not, so that it is queued where those
     * builds queued it (a tier-0 child without new edges counted went first, unranked).
     */
    public static void upgrade(ObjectNode chunk) {
        JsonNode schema = chunk.get("schema");
        if (schema == null || !schema.isInt() || schema.intValue() != SCHEMA_WITHOUT_TRIAGE) {
            return;
        }
        chunk.put("schema", SCHEMA);
        JsonNode children = chunk.get("children");
        if (children == null || !children.isArray()) {
            return;
        }
        for (JsonNode child : children) {
            if (child instanceof ObjectNode object) {
                object.putIfAbsent("triaged", BooleanNode.valueOf(triagedBefore(object)));
            }
        }
    }

    private static boolean triagedBefore(ObjectNode child) {
        JsonNode newEdges = child.get("newEdges");
        JsonNode fate = child.get("fate");
        boolean counted = newEdges != null && newEdges.isInt() && newEdges.intValue() > 0;
        return counted || fate != null && JUDGED_FATES.contains(fate.asText());
    }
}
