package io.frontier.store.record;

import io.frontier.store.corpus.Digest;
import io.frontier.store.error.InvalidInputException;

/**
 * What a worker needs to run one work item: the digest of the input (its corpus name) and its
 * size in bytes. The digest must equal the work id of the record that carries it.
 */
public record WorkPayload(Digest hash, long size) {

    public WorkPayload {
        if (hash == null) {
            throw new InvalidInputException("payload hash is missing");
        }
        if (size < 0) {
            throw new InvalidInputException("payload size is negative").with("size", size);
        }
    }
}
