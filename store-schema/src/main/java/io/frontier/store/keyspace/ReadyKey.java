package io.frontier.store.keyspace;

import io.frontier.store.corpus.Digest;

/**
 * A decoded READY or TIERED key: pending item {@code id} at {@code claimOrder} (see
 * {@link io.frontier.store.exploration.ClaimOrder}) in {@code bucket}.
 */
public record ReadyKey(int claimOrder, int bucket, Digest id) {
}
