package io.frontier.store.keyspace;

import io.frontier.store.corpus.Digest;

/**
 * A decoded TIERED key: pending item {@code id} at {@code claimOrder} (see
 * {@link io.frontier.store.exploration.ClaimOrder}), at {@code rank} inside its tier (see
 * {@link io.frontier.store.exploration.Tier#rank}), in {@code bucket}.
 */
public record TieredKey(int claimOrder, int rank, int bucket, Digest id) {

    /** The item's place in claim order: claim order, then rank. */
    public long order() {
        return ((long) claimOrder << Integer.SIZE) | rank;
    }
}
