package io.frontier.store.manifest;

import io.frontier.store.corpus.Digest;
import io.frontier.store.error.InvalidInputException;

/**
 * One new input a result declares: its digest (its future work id and corpus name) and size,
 * what the commit decision made of it, how many edges of the campaign's map it reached first, and
 * whether the decision judged it by its coverage.
 *
 * @param newEdges edges no earlier input had reached, counted when the decision was taken; 0
 *     without triage
 * @param triaged true if the decision compared the child's coverage with the campaign's edge map;
 *     false for a child without coverage and for a finding, whose coverage is not compared; read
 *     as true for a child of a chunk written before it was recorded if it counts new edges or
 *     was redundant, deferred or dropped ({@link ChildChunk#upgrade})
 */
public record Child(Digest digest, long size, ChildFate fate, int newEdges, boolean triaged) {

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
        return new Child(digest, size, ChildFate.FRONTIER, 0, false);
    }

    /** A child that crashed or hung the target: a finding, whose coverage is not compared. */
    public static Child finding(Digest digest, long size) {
        return new Child(digest, size, ChildFate.FINDING, 0, false);
    }

    /** A child triage judged: {@code fate}, with {@code newEdges} edges it reached first. */
    public static Child triaged(Digest digest, long size, ChildFate fate, int newEdges) {
        return new Child(digest, size, fate, newEdges, true);
    }
}
