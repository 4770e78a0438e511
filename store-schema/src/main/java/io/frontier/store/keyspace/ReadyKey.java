package io.frontier.store.keyspace;

import io.frontier.store.record.WorkId;

/** A decoded READY key: pending item {@code id} in {@code bucket}. */
public record ReadyKey(int bucket, WorkId id) {
}
