package io.frontier.store.manifest;

import io.frontier.store.corpus.Digest;
import io.frontier.store.error.InvalidInputException;

/**
 * One new input a result declares: its digest (its future work id and corpus name) and size,
 * what the commit decision made of it, and how many edges of the campaign's map it reached first.
 *
 * @param newEdges edges no earlier input had reached, counted when the decision was taken; 0
 *     without triage
 */
public record Child(Digest digest, long size, ChildFate fate, int newEdges) {

    public Child {
        if (digest == null || fate == null) {
            throw new InvalidInputException("child digest or fate is missing");
        }
        if (size < 0 || newEdges < 0) {
            throw new InvalidInputException("child size or new edges negative").with("child", digest)
                    .with("size", size).with("newEdges", newEdges);
        }
    }

    /** A child that joins the frontier without triage. */
    public static Child frontier(Digest digest, long size) {
        return new Child(digest, size, ChildFate.FRONTIER, 0);
    }
}
