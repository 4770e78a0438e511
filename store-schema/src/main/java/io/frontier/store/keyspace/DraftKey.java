package io.frontier.store.keyspace;

import io.frontier.store.record.ResultId;

/**
 * A decoded DRAFTS key: the decision for {@code result}, taken in {@code epoch}, whose child
 * chunks were being written ahead of it.
 */
public record DraftKey(long epoch, ResultId result) {
}
