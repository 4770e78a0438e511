package io.frontier.store.keyspace;

import io.frontier.store.record.Owner;

/**
 * A decoded EXECUTOR_COUNTS key: one counter of the executions of {@code executor} committed
 * by the coordinator {@code owner}.
 */
public record ExecutorCountKey(Owner owner, String executor, ExecutorCounter counter) {
}
