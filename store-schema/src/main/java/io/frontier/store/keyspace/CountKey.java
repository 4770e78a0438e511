package io.frontier.store.keyspace;

/** A decoded COUNT key: one shard of one counter. */
public record CountKey(Counter counter, int shard) {
}
