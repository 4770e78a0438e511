package io.frontier.store.keyspace;

import io.frontier.store.corpus.Digest;

/** A decoded READY or TIERED key: pending item {@code id} of {@code tier} in {@code bucket}. */
public record ReadyKey(int tier, int bucket, Digest id) {
}
