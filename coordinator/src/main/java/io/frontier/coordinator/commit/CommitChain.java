package io.frontier.coordinator.commit;

import io.frontier.coordinator.assignment.ActiveAssignment;
import io.frontier.coordinator.control.Refusal;
import io.frontier.coordinator.validation.Verdict;
import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.campaign.CommitRequest;
import io.frontier.store.campaign.CommitTicket;
import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.stage.StageRemover;
import io.frontier.store.error.FrontierException;
import io.frontier.store.error.InvalidInputException;
import io.frontier.store.error.StaleEpochException;
import io.frontier.store.error.StaleTokenException;
import io.frontier.store.error.WrongStateException;
import io.frontier.store.wire.Result;
import java.util.Set;

/**
 * Commits a valid RESULT: the irreversible decision in the store, then {@link EntryFinisher}.
 * Stateless apart from its collaborators; the coordinator's event loop calls it once per valid
 * result, synchronously.
 */
public final class CommitChain {

    private final CampaignStore store;
    private final StageRemover remover;
    private final EntryFinisher finisher;
    private final Checkpoints checkpoints;

    public CommitChain(CampaignStore store, CorpusLayout layout, DurableFiles files, Checkpoints checkpoints) {
        this.store = store;
        this.remover = new StageRemover(layout, files);
        this.finisher = new EntryFinisher(store, layout, files, checkpoints);
        this.checkpoints = checkpoints;
    }

    /**
     * Commits {@code valid}, the validated answer to {@code assignment}.
     *
     * <p>First {@code beginCommit} records, in one transaction, the manifest entry (with every
     * child, the fate triage gave it, and the stage) and moves the item from {@code leased} to {@code committing} under
     * the assignment's token and epoch. From then on the item can no longer expire, be claimed or
     * be committed under another token or result, and any coordinator of the current epoch can
     * finish it from the manifest; the decision cannot be undone. Then {@link
     * EntryFinisher#finish} promotes, marks, completes and removes the stage; see there for each
     * outcome's guarantees.
     *
     * <p>If the store refuses the decision, nothing is promoted or recorded and the result is
     * dropped: {@link Refusal#STALE_TOKEN} when the lease was recovered and granted again or the
     * item committed another result (the stage is removed: no entry can ever reference it), or
     * {@link Refusal#STALE_EPOCH} when a newer job fenced this one off. In that case the stage is
     * kept: on FoundationDB a decision whose commit outcome was unknown may have been recorded
     * before the fence even though its retry is refused, and then the newer job's replay needs
     * the stage; the stage janitor removes it once no entry references it.
     *
     * <p>Idempotent for the same assignment and result: a repeated call finds the stored decision
     * and finishes it. A call that throws (I/O or store unavailable), or a process that dies
     * inside, leaves either no decision (the lease is recovered by time as usual) or a
     * committing entry that this call or replay finishes.
     *
     * @throws InvalidInputException if {@code valid} does not answer {@code assignment}: a bug
     *     of the caller, since the validator compared them
     */
    public CommitOutcome commit(ActiveAssignment assignment, Verdict.Valid valid, double now) {
        Result result = valid.result();
        if (!result.work().equals(assignment.work()) || !result.token().equals(assignment.token())
                || !result.result().equals(assignment.result())) {
            throw new InvalidInputException("valid result does not answer this assignment")
                    .with("work", assignment.work()).with("result", assignment.result())
                    .with("presentedWork", result.work()).with("presentedResult", result.result());
        }
        CommitRequest request = new CommitRequest(assignment.lease(), assignment.result(),
                CorpusLayout.stageName(assignment.stage()), result.children(), result.execution(), result.finding());
        CommitTicket ticket;
        try {
            ticket = store.beginCommit(assignment.epoch(), request, now);
        } catch (StaleTokenException | WrongStateException e) {
            remover.remove(assignment.stage());
            return refused(assignment, Refusal.STALE_TOKEN, e);
        } catch (StaleEpochException e) {
            return refused(assignment, Refusal.STALE_EPOCH, e);
        }
        checkpoints.reached(CommitPoint.AFTER_BEGIN_COMMIT, assignment.work());
        // A repeated decision carries no marks; treating every child as unmarked is harmless,
        // since promotion and marking are idempotent.
        OpenCommit open = new OpenCommit(assignment.work(), assignment.result(), assignment.stage(),
                ticket.children(), Set.of());
        return finisher.finish(assignment.epoch(), open, now);
    }

    private static CommitOutcome.Refused refused(ActiveAssignment assignment, Refusal refusal, FrontierException e) {
        return new CommitOutcome.Refused(assignment.work(), refusal, e.reason(), e.context());
    }
}
