package io.frontier.store.keyspace;

import io.frontier.store.corpus.Digest;

/**
 * A decoded TIERED key: pending item {@code id} of {@code tier}, at {@code rank} inside it (see
 * {@link io.frontier.store.exploration.Tier#rank}), in {@code bucket}.
 */
public record TieredKey(int tier, int rank, int bucket, Digest id) {

    /** The item's place in claim order: tier, then rank. */
    public long order() {
        return ((long) tier << Integer.SIZE) | rank;
    }
}
