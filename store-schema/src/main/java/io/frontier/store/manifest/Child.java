package io.frontier.store.manifest;

import io.frontier.store.error.InvalidInputException;
import io.frontier.store.corpus.Digest;

/** One new input a result declares: its digest (its future work id and corpus name) and size. */
public record Child(Digest digest, long size) {

    public Child {
        if (digest == null) {
            throw new InvalidInputException("child digest is missing");
        }
        if (size < 0) {
            throw new InvalidInputException("child size is negative").with("child", digest).with("size", size);
        }
    }
}
