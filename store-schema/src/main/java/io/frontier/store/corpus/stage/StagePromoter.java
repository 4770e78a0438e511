package io.frontier.store.corpus.stage;

import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.corpus.CorruptObjectException;
import io.frontier.store.corpus.Digest;
import io.frontier.store.corpus.ObjectDirectory;
import io.frontier.store.corpus.StageLocation;
import io.frontier.store.corpus.fs.CorpusIoException;
import io.frontier.store.corpus.fs.DurableFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * Moves the declared children of a stage into the public corpus, for a coordinator, after
 * {@code beginCommit} recorded the result.
 *
 * <p>Contract: when {@link #promote} returns, every declared child is in the corpus under its
 * digest, verified, and the corpus directory has been fsynced. It is harmless to repeat:
 * children already in the corpus (promoted by an earlier, interrupted call, or by another
 * coordinator's replay) are verified and counted as present, and their staged copies are not
 * needed. It cannot be undone. Before renaming anything it verifies every child that is to be
 * renamed, so a problem found leaves the corpus untouched.
 *
 * <p>A child is renamed, not copied: the stage and the corpus are on one filesystem, and the
 * stage writer fsynced each staged file before giving it its name. Between the verification and
 * the rename nobody writes the stage (its worker stopped at RESULT). Stateless; safe for use by
 * many threads and processes.
 */
public final class StagePromoter {

    private final CorpusLayout layout;
    private final ObjectDirectory corpus;
    private final DurableFiles files;

    public StagePromoter(CorpusLayout layout, DurableFiles files) {
        this.layout = layout;
        this.corpus = new ObjectDirectory(layout.corpus(), files);
        this.files = files;
    }

    /**
     * Promotes {@code declared}, the children recorded for the stage at {@code location}.
     *
     * @throws StageRejectedException if a child to be renamed is missing or not intact, or the
     *     stage is not made of real directories; nothing was renamed then
     * @throws CorruptObjectException if the corpus already holds something else under a child's
     *     name: a control failure, and nothing was renamed
     */
    public Promotion promote(StageLocation location, Collection<StagedChild> declared) {
        return promote(location, declared, renamed -> { });
    }

    /**
     * {@link #promote(StageLocation, Collection)}, calling {@code afterRename} with each child
     * just renamed into the corpus, before the next rename and before the corpus directory is
     * fsynced. It lets a fault-injection test stop a coordinator between two renames, the state
     * a crash there leaves; whatever it throws propagates, and the renames before it stand.
     */
    public Promotion promote(StageLocation location, Collection<StagedChild> declared, Consumer<Digest> afterRename) {
        Promotion promotion = promoteUnsynced(location, declared, afterRename);
        syncCorpus();
        return promotion;
    }

    /**
     * {@link #promote(StageLocation, Collection, Consumer)} without the fsync of the corpus
     * directory: the renames are not durable until the caller's {@link #syncCorpus}, which must
     * come before anything records them as done (the promotion marks). It lets the promotions of a
     * whole commit group share one directory fsync.
     */
    public Promotion promoteUnsynced(StageLocation location, Collection<StagedChild> declared,
                                     Consumer<Digest> afterRename) {
        Path stage = layout.stage(location);
        List<StageProblem> problems = new ArrayList<>();
        Map<Digest, StagedChild> children = StageChecks.declarations(declared, problems);
        boolean stageExists = StageChecks.stageExists(layout, location);
        List<Digest> toRename = new ArrayList<>();
        List<Digest> present = new ArrayList<>();
        for (StagedChild child : children.values()) {
            OptionalLong inCorpus = corpus.verifyIfPresent(child.digest());
            if (inCorpus.isPresent()) {
                present.add(child.digest());
            } else if (!stageExists) {
                problems.add(new StageProblem(StageProblem.Kind.MISSING, child.digest().hex(), "in stage and corpus"));
            } else {
                StageChecks.checkStagedFile(stage.resolve(child.digest().hex()), child)
                        .ifPresentOrElse(problems::add, () -> toRename.add(child.digest()));
            }
        }
        if (!problems.isEmpty()) {
            throw StageRejectedException.of(stage, problems);
        }
        List<Digest> renamed = new ArrayList<>();
        for (Digest digest : toRename) {
            if (renameIntoCorpus(stage, digest)) {
                renamed.add(digest);
                afterRename.accept(digest);
            } else {
                present.add(digest);
            }
        }
        return new Promotion(renamed, present);
    }

    /** Makes every rename into the corpus so far durable: one fsync of the corpus directory. */
    public void syncCorpus() {
        files.fsync().directory(corpus.directory());
    }

    /**
     * Renames one verified child into the corpus.
     *
     * @return true if renamed; false if the rename failed because another promoter of the same
     *     stage got there first, which the verified object now in the corpus shows
     */
    private boolean renameIntoCorpus(Path stage, Digest digest) {
        try {
            files.rename(stage.resolve(digest.hex()), corpus.pathOf(digest));
            return true;
        } catch (CorpusIoException failure) {
            if (corpus.verifyIfPresent(digest).isPresent()) {
                return false;
            }
            throw failure;
        }
    }
}
