package io.frontier.store.wire;

import io.frontier.store.error.InvalidInputException;
import io.frontier.store.corpus.Digest;

/**
 * One child a RESULT declares: the digest it is staged under and its size in bytes. Declared
 * values are claims of the worker; the coordinator checks them against the staged file.
 */
public record DeclaredChild(Digest digest, long size) {

    public DeclaredChild {
        if (digest == null) {
            throw new InvalidInputException("declared child lacks its digest");
        }
        if (size < 0) {
            throw new InvalidInputException("declared child size is negative").with("child", digest).with("size", size);
        }
    }
}
