package io.frontier.store.keyspace;

import io.frontier.store.corpus.Digest;

/** A decoded SESSIONS key: pending session item {@code id}, slot {@code slot} of kind {@code kind}. */
public record SessionKey(String kind, int slot, Digest id) {
}
