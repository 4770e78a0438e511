package io.frontier.store.keyspace;

import io.frontier.store.corpus.Digest;

/** A decoded TIERED key: pending item {@code id} of {@code tier}, in its size class and bucket. */
public record TieredKey(int tier, int sizeClass, int bucket, Digest id) {

    /** The item's place in claim order: tier, then size class. */
    public long order() {
        return ((long) tier << Integer.SIZE) | sizeClass;
    }
}
