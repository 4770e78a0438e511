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
 *     then joins the frontier whenever it is new) or the worker judged it redundant
 * @param finding how the child made the target crash or hang, or null if it did not
 * @param redundant true if the worker found every tuple the child reached in the campaign's edge
 *     map as the coordinator last sent it: the map only grows, so the child can reach nothing new,
 *     and its coverage is not sent
 * @param staged false for a redundant child the worker did not stage, the coordinator having said
 *     it would not keep one ({@link EdgeMapDelta#keepRedundant}): it is recorded, never promoted
 */
public record DeclaredChild(Digest digest, long size, Coverage coverage, DeclaredFinding finding, boolean redundant,
                            boolean staged) {

    /** A staged child, judged by its coverage (or without triage). */
    public DeclaredChild(Digest digest, long size, Coverage coverage, DeclaredFinding finding) {
        this(digest, size, coverage, finding, false, true);
    }

    public DeclaredChild {
        if (digest == null) {
            throw new InvalidInputException("declared child lacks its digest");
        }
        if (size < 0) {
            throw new InvalidInputException("declared child size is negative").with("child", digest).with("size", size);
        }
        if (redundant && (coverage != null || finding != null) || !staged && !redundant) {
            throw new InvalidInputException("a redundant child carries no coverage or finding, and only one is unstaged")
                    .with("child", digest).with("redundant", redundant).with("staged", staged);
        }
    }

    /** A child the worker judged redundant by the campaign's edge map, staged or not. */
    public static DeclaredChild redundant(Digest digest, long size, boolean staged) {
        return new DeclaredChild(digest, size, null, null, true, staged);
    }

    /** A child not triaged and not a finding. */
    public static DeclaredChild untriaged(Digest digest, long size) {
        return new DeclaredChild(digest, size, null, null);
    }
}
