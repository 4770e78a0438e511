package io.frontier.coordinator.identity;

import io.frontier.store.corpus.Digest;
import io.frontier.store.corpus.stage.StagedChild;
import io.frontier.store.record.WorkId;

/** Converts a work id to the digest naming its corpus object, and back. Both are exact. */
public final class ContentIds {

    private ContentIds() {
    }

    /** The corpus name of work item {@code work}'s input. */
    public static Digest digest(WorkId work) {
        return Digest.parse(work.hex());
    }

    /** The work id an input named {@code digest} gets when it becomes work. */
    public static WorkId workId(Digest digest) {
        return WorkId.of(digest.hex());
    }

    /** A child of {@code size} bytes staged under {@code digest}, as the stage code names it. */
    public static StagedChild stagedChild(WorkId digest, long size) {
        return new StagedChild(digest(digest), size);
    }
}
