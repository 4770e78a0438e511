package io.frontier.store.corpus.stage;

import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.corpus.StageLocation;
import io.frontier.store.corpus.fs.DurableFiles;

/**
 * Removes one result's stage: after its promotion was recorded, or when the result was
 * rejected.
 *
 * <p>Contract: after {@link #remove} returns, the stage directory is gone and its parent has
 * been fsynced; staged bytes not yet promoted are lost for good. Removing a stage that is gone
 * does nothing, so it is harmless to repeat. Symbolic links are removed, never followed; a stage
 * whose parent levels are not real directories is refused, since removing through them could
 * delete files outside the campaign. Levels shared with other results ({@code .stage-<epoch>},
 * {@code <global-rank>}) are left in place, because a worker may be creating its next stage
 * there. Stateless; safe for use by many threads.
 */
public final class StageRemover {

    private final CorpusLayout layout;
    private final DurableFiles files;

    public StageRemover(CorpusLayout layout, DurableFiles files) {
        this.layout = layout;
        this.files = files;
    }

    /**
     * Removes the stage at {@code location} and everything in it.
     *
     * @throws StageRejectedException if {@code .stage-<epoch>} or {@code <global-rank>} is a
     *     symbolic link or not a directory
     */
    public void remove(StageLocation location) {
        if (StageChecks.parentsExist(layout, location)) {
            files.removeTree(layout.stage(location));
        }
    }
}
