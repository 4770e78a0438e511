package io.frontier.store.campaign;

import io.frontier.store.corpus.Digest;
import io.frontier.store.record.WorkPayload;

/**
 * One item recovery put back to {@code pending}: the authoritative id (the hash in its key,
 * checked equal to the record's id and payload hash) and its payload, so the caller can verify
 * the corpus object before the item is dispatched again, unless it is a fuzzing session, which
 * has no object.
 */
public record Recovered(Digest id, WorkPayload payload, boolean session) {

    /** An input recovered: its corpus object is to be verified. */
    public Recovered(Digest id, WorkPayload payload) {
        this(id, payload, false);
    }
}
