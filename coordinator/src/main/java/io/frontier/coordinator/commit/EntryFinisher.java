package io.frontier.coordinator.commit;

import io.frontier.coordinator.control.ControlFailure;
import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.campaign.Commitment;
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
import io.frontier.store.error.FrontierException;
import io.frontier.store.error.StaleEpochException;
import io.frontier.store.manifest.Child;
import java.util.ArrayList;
import java.util.Iterator;
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
        return thrownIfFailed(finishAll(epoch, List.of(open), now).get(0));
    }

    /**
     * Ends each of {@code opens}, entries of distinct results, in {@code epoch}: every entry
     * reaches the outcome {@link #finish} gives it alone, with the same guarantees, but the
     * store writes are shared: the promotion marks of all entries in one transaction, then their
     * completions in one (more only when the children exceed one transaction's room). Children
     * are promoted entry by entry, in order, so of two entries with the same child the earlier
     * renames it and the later finds it present.
     *
     * <p>Entries fail alone: an entry that is abandoned, meets a corrupt object or fails (its
     * {@link CommitOutcome.Failed} holds what {@link #finish} would throw) leaves the others to
     * go on. A crash anywhere inside leaves each entry in a state that one interrupted
     * {@link #finish} of it could leave, which replay finishes; each commit point is reached
     * once per entry that passes it.
     *
     * @return one outcome per entry, in the order of {@code opens}
     */
    public List<CommitOutcome> finishAll(long epoch, List<OpenCommit> opens, double now) {
        List<EntryPass> passes = opens.stream().map(EntryPass::new).toList();
        boolean renamed = false;
        for (EntryPass pass : passes) {
            if (!pass.open.unpromoted().isEmpty()) {
                renamed |= promote(epoch, pass, now);
            }
        }
        if (renamed) {
            // One fsync of the corpus directory makes every entry's renames durable before any is marked.
            try {
                promoter.syncCorpus();
            } catch (FrontierException e) {
                passes.stream().filter(EntryPass::going).forEach(pass -> pass.stop(e));
            }
        }
        mark(epoch, passes.stream().filter(pass -> pass.going() && !pass.open.unpromoted().isEmpty()).toList());
        complete(epoch, passes.stream().filter(EntryPass::going).toList(), now);
        return passes.stream().map(pass -> pass.outcome).toList();
    }

    /**
     * Promotes the unpromoted children of one entry, without the fsync of the corpus directory
     * that the caller makes for the whole group; ends its pass if that fails.
     *
     * @return whether the pass got this far: its renames, if any, now wait for the group's fsync
     */
    private boolean promote(long epoch, EntryPass pass, double now) {
        OpenCommit open = pass.open;
        try {
            io.frontier.store.corpus.stage.Promotion promotion =
                    promoter.promoteUnsynced(open.stage(), staged(open, open.unpromoted()), firstRename(open.work()));
            pass.renamed = promotion.renamed();
            pass.present = promotion.alreadyPresent();
        } catch (StageRejectedException e) {
            pass.outcome = abandon(epoch, open, e, now);
            return false;
        } catch (CorruptObjectException e) {
            pass.outcome = new CommitOutcome.ControlFailed(ControlFailure.of(open.work(), e));
            return false;
        } catch (FrontierException e) {
            pass.outcome = new CommitOutcome.Failed(open.work(), open.result(), e);
            return false;
        }
        checkpoints.reached(CommitPoint.AFTER_PROMOTION, open.work());
        return true;
    }

    /** Marks the children the passes promoted, in as few transactions as they fit. */
    private void mark(long epoch, List<EntryPass> passes) {
        for (List<EntryPass> group : TransactionGroups.of(passes, pass -> pass.open.unpromoted().size())) {
            List<Promotion> marks = new ArrayList<>();
            for (EntryPass pass : group) {
                OpenCommit open = pass.open;
                open.unpromoted().forEach(index -> marks.add(new Promotion(open.work(), open.result(), index)));
            }
            List<ItemResult<Promotion>> marked;
            try {
                marked = store.markPromoted(epoch, marks);
            } catch (FrontierException e) {
                group.forEach(pass -> pass.stop(e));
                continue;
            }
            Iterator<ItemResult<Promotion>> results = marked.iterator();
            for (EntryPass pass : group) {
                for (int m = 0; m < pass.open.unpromoted().size(); m++) {
                    ItemResult<Promotion> result = results.next();
                    if (!result.succeeded() && pass.going()) {
                        pass.stop(result.failure());
                    }
                }
                if (pass.going()) {
                    checkpoints.reached(CommitPoint.AFTER_MARKS, pass.open.work());
                }
            }
        }
    }

    /** Completes the passes' entries, in as few transactions as they fit, and removes their stages. */
    private void complete(long epoch, List<EntryPass> passes, double now) {
        for (List<EntryPass> group : TransactionGroups.of(passes, pass -> pass.open.children().size())) {
            List<Commitment> commitments = group.stream()
                    .map(pass -> new Commitment(pass.open.work(), pass.open.result()))
                    .toList();
            List<ItemResult<Completion>> completions;
            try {
                completions = store.complete(epoch, commitments, now);
            } catch (FrontierException e) {
                group.forEach(pass -> pass.stop(e));
                continue;
            }
            for (int k = 0; k < group.size(); k++) {
                EntryPass pass = group.get(k);
                ItemResult<Completion> completion = completions.get(k);
                if (!completion.succeeded()) {
                    pass.stop(completion.failure());
                    continue;
                }
                checkpoints.reached(CommitPoint.AFTER_COMPLETE, pass.open.work());
                try {
                    remover.remove(pass.open.stage());
                } catch (FrontierException e) {
                    pass.outcome = new CommitOutcome.Failed(pass.open.work(), pass.open.result(), e);
                    continue;
                }
                pass.outcome = new CommitOutcome.Committed(pass.open.work(), pass.open.result(), pass.renamed,
                        pass.present, completion.value().enqueued(), completion.value().repeated(),
                        pass.open.children().stream().mapToLong(Child::newEdges).sum());
            }
        }
    }

    /** {@code outcome}, or the failure it holds thrown: what a single call returns. */
    static CommitOutcome thrownIfFailed(CommitOutcome outcome) {
        if (outcome instanceof CommitOutcome.Failed failed) {
            throw failed.failure();
        }
        return outcome;
    }

    private CommitOutcome abandon(long epoch, OpenCommit open, StageRejectedException rejection, double now) {
        String reason = "staged children missing or corrupt: " + rejection.problems().stream()
                .limit(QUOTED_PROBLEMS)
                .map(StageProblem::toString)
                .collect(Collectors.joining("; "));
        Completion completion;
        try {
            completion = store.abandon(epoch, open.work(), open.result(), reason, now);
            remover.remove(open.stage());
        } catch (StaleEpochException e) {
            return new CommitOutcome.LeftForReplay(open.work(), open.result(), e.context());
        } catch (FrontierException e) {
            return new CommitOutcome.Failed(open.work(), open.result(), e);
        }
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

    /** One entry's way through a batch: what its promotion did, and its outcome once it has ended. */
    private static final class EntryPass {

        final OpenCommit open;
        List<Digest> renamed = List.of();
        List<Digest> present = List.of();
        /** Null while the entry goes on to its next step. */
        CommitOutcome outcome;

        EntryPass(OpenCommit open) {
            this.open = open;
        }

        boolean going() {
            return outcome == null;
        }

        /** Ends the pass at a failed store write: fenced off by a newer epoch, or failed. */
        void stop(FrontierException failure) {
            outcome = failure instanceof StaleEpochException
                    ? new CommitOutcome.LeftForReplay(open.work(), open.result(), failure.context())
                    : new CommitOutcome.Failed(open.work(), open.result(), failure);
        }
    }
}
