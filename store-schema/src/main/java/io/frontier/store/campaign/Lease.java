package io.frontier.store.campaign;

import io.frontier.store.error.InvalidInputException;
import io.frontier.store.record.Token;
import io.frontier.store.corpus.Digest;

/** A holder's claim on one item: the item and the exact token it was granted. */
public record Lease(Digest work, Token token) {

    public Lease {
        if (work == null || token == null) {
            throw new InvalidInputException("lease lacks work id or token");
        }
    }
}
