package io.frontier.store.manifest;

import io.frontier.store.error.InvalidInputException;
import io.frontier.store.record.ResultId;
import java.util.List;
import java.util.Objects;

/**
 * Part {@code index} of a manifest entry's child list: the children numbered
 * {@code index * CHUNK_SIZE} onwards, in the order the result declared them. Promotion marks
 * refer to children by that overall number.
 */
public record ChildChunk(int schema, ResultId result, int index, List<Child> children) {

    public static final int SCHEMA = 1;

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
}
