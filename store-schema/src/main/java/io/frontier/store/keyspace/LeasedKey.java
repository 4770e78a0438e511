package io.frontier.store.keyspace;

import io.frontier.store.record.WorkId;

/** A decoded LEASED key: item {@code id} leased in {@code epoch} until {@code expiry}. */
public record LeasedKey(long epoch, double expiry, WorkId id) {
}
