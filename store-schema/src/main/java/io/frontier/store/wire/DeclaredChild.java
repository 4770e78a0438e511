package io.frontier.store.wire;

import io.frontier.store.corpus.Digest;
import io.frontier.store.coverage.Coverage;
import io.frontier.store.error.InvalidInputException;

/**
 * One child a RESULT declares: the digest it is staged under and its size in bytes, and what
 * running it once on the coverage build showed. Declared values are claims of the worker; the
 * coordinator checks digest and size against the staged file.
 *
 * @param coverage what the child reached, or null when the campaign does not triage (the child
 *     then joins the frontier whenever it is new)
 * @param finding how the child made the target crash or hang, or null if it did not
 */
public record DeclaredChild(Digest digest, long size, Coverage coverage, DeclaredFinding finding) {

    public DeclaredChild {
        if (digest == null) {
            throw new InvalidInputException("declared child lacks its digest");
        }
        if (size < 0) {
            throw new InvalidInputException("declared child size is negative").with("child", digest).with("size", size);
        }
    }

    /** A child not triaged and not a finding. */
    public static DeclaredChild untriaged(Digest digest, long size) {
        return new DeclaredChild(digest, size, null, null);
    }
}
