package io.frontier.store.keyspace;

import io.frontier.store.corpus.Digest;

/** A decoded READY key: pending item {@code id} in {@code bucket}. */
public record ReadyKey(int bucket, Digest id) {
}
