package io.frontier.store.corpus.stage;

import io.frontier.store.corpus.Digest;
import java.util.Objects;

/**
 * A child input as a RESULT declares it: its digest (which is also its file name in the stage)
 * and its size in bytes. Declared values are checked against the file, never trusted.
 */
public record StagedChild(Digest digest, long size) {

    public StagedChild {
        Objects.requireNonNull(digest, "digest");
    }
}
