package io.frontier.coordinator.commit;

import io.frontier.coordinator.control.ControlFailure;
import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.campaign.Completion;
import io.frontier.store.campaign.ItemResult;
import io.frontier.store.campaign.Promotion;
import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.corpus.CorruptObjectException;
import io.frontier.store.corpus.Digest;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.stage.StagePromoter;
import io.frontier.store.corpus.stage.StageProblem;
import io.frontier.store.corpus.stage.StageRejectedException;
import io.frontier.store.corpus.stage.StageRemover;
import io.frontier.store.corpus.stage.StagedChild;
import io.frontier.store.error.StaleEpochException;
import io.frontier.store.manifest.Child;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Finishes a recorded commit decision: promotes every kept child not yet marked, marks them,
 * completes the item, removes the stage (and with it the bytes of redundant children). The commit chain runs it right after {@code beginCommit}; replay
 * runs it on every committing entry a crashed job left. Stateless apart from its collaborators;
 * safe for use by many threads.
 */
public final class EntryFinisher {

    /** Stage problems quoted in an abandonment reason; the store keeps the reason for good. */
    private static final int QUOTED_PROBLEMS = 10;

    private final CampaignStore store;
    private final StagePromoter promoter;
    private final StageRemover remover;
    private final Checkpoints checkpoints;

    public EntryFinisher(CampaignStore store, CorpusLayout layout, DurableFiles files, Checkpoints checkpoints) {
        this.store = store;
        this.promoter = new StagePromoter(layout, files);
        this.remover = new StageRemover(layout, files);
        this.checkpoints = checkpoints;
    }

    /**
     * Ends {@code open} in {@code epoch}, the caller's current epoch.
     *
     * <p>Contract, by outcome:
     * <ul>
     *   <li>{@link CommitOutcome.Committed}: every kept child (frontier and findings) is durably
     *       in the public corpus under its digest and verified, the item is {@code done}, each
     *       frontier child not known before is pending work (exactly once, whichever parent
     *       completes first), and the stage is gone, redundant children with it. It cannot be
     *       undone.
     *   <li>{@link CommitOutcome.Abandoned}: a kept, unpromoted child was neither intact in the stage
     *       nor in the corpus; nothing of this pass was renamed, the entry is ended as abandoned
     *       with the problems as its reason (the item is pending again as a new attempt, or
     *       abandoned for good once its attempts are used up, as {@code forGood} says), and the
     *       stage is gone. It cannot be undone.
     *   <li>{@link CommitOutcome.ControlFailed}: the corpus holds something else under a child's
     *       name. Promotion checks every child before its first rename, so nothing of this pass
     *       was renamed; nothing was marked or completed; entry and stage are left for an
     *       operator.
     *   <li>{@link CommitOutcome.LeftForReplay}: a newer epoch fenced the caller off; whatever was
     *       promoted stays, the stage stays, and the newer job's replay finishes the entry.
     * </ul>
     *
     * <p>Idempotent: every step checks or tolerates its own earlier effect (children already in
     * the corpus are verified and counted present, marks are BIT_OR, completion and abandonment
     * return what is stored, removing a removed stage does nothing). A call that throws (I/O or
     * store unavailable), or a process that dies anywhere inside, leaves the entry committing
     * with its stage, marks and corpus objects in a state that another call finishes to the same
     * end state.
     */
    public CommitOutcome finish(long epoch, OpenCommit open, double now) {
        Digest work = open.work();
        List<Integer> unpromoted = open.unpromoted();
        List<Digest> renamed = new ArrayList<>();
        List<Digest> present = new ArrayList<>();
        if (!unpromoted.isEmpty()) {
            try {
                io.frontier.store.corpus.stage.Promotion promotion =
                        promoter.promote(open.stage(), staged(open, unpromoted), firstRename(work));
                promotion.renamed().forEach(digest -> renamed.add(digest));
                promotion.alreadyPresent().forEach(digest -> present.add(digest));
            } catch (StageRejectedException e) {
                return abandon(epoch, open, e, now);
            } catch (CorruptObjectException e) {
                return new CommitOutcome.ControlFailed(ControlFailure.of(work, e));
            }
            checkpoints.reached(CommitPoint.AFTER_PROMOTION, work);
            List<Promotion> marks = unpromoted.stream()
                    .map(index -> new Promotion(work, open.result(), index))
                    .toList();
            try {
                store.markPromoted(epoch, marks).forEach(ItemResult::orThrow);
            } catch (StaleEpochException e) {
                return new CommitOutcome.LeftForReplay(work, open.result(), e.context());
            }
            checkpoints.reached(CommitPoint.AFTER_MARKS, work);
        }
        Completion completion;
        try {
            completion = store.complete(epoch, work, open.result(), now);
        } catch (StaleEpochException e) {
            return new CommitOutcome.LeftForReplay(work, open.result(), e.context());
        }
        checkpoints.reached(CommitPoint.AFTER_COMPLETE, work);
        remover.remove(open.stage());
        return new CommitOutcome.Committed(work, open.result(), renamed, present, completion.enqueued(),
                completion.repeated());
    }

    private CommitOutcome abandon(long epoch, OpenCommit open, StageRejectedException rejection, double now) {
        String reason = "staged children missing or corrupt: " + rejection.problems().stream()
                .limit(QUOTED_PROBLEMS)
                .map(StageProblem::toString)
                .collect(Collectors.joining("; "));
        Completion completion;
        try {
            completion = store.abandon(epoch, open.work(), open.result(), reason, now);
        } catch (StaleEpochException e) {
            return new CommitOutcome.LeftForReplay(open.work(), open.result(), e.context());
        }
        remover.remove(open.stage());
        return new CommitOutcome.Abandoned(open.work(), open.result(), completion.outcome().reason(),
                completion.repeated(), completion.abandonedForGood());
    }

    /** Reports {@link CommitPoint#BETWEEN_PROMOTIONS} once, after the first child renamed. */
    private Consumer<Digest> firstRename(Digest work) {
        boolean[] reported = {false};
        return digest -> {
            if (!reported[0]) {
                reported[0] = true;
                checkpoints.reached(CommitPoint.BETWEEN_PROMOTIONS, work);
            }
        };
    }

    private static List<StagedChild> staged(OpenCommit open, List<Integer> positions) {
        List<StagedChild> staged = new ArrayList<>(positions.size());
        for (int index : positions) {
            Child child = open.children().get(index);
            staged.add(new StagedChild(child.digest(), child.size()));
        }
        return staged;
    }
}
