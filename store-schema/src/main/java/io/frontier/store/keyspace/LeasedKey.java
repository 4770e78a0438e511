package io.frontier.store.keyspace;

import io.frontier.store.corpus.Digest;

/** A decoded LEASED key: item {@code id} leased in {@code epoch} until {@code expiry}. */
public record LeasedKey(long epoch, double expiry, Digest id) {
}
