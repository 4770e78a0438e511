package io.frontier.coordinator.commit;

import io.frontier.coordinator.assignment.ActiveAssignment;
import io.frontier.coordinator.control.Refusal;
import io.frontier.coordinator.validation.Verdict;
import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.campaign.CommitRequest;
import io.frontier.store.campaign.CommitTicket;
import io.frontier.store.campaign.ItemResult;
import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.stage.StageRemover;
import io.frontier.store.error.FrontierException;
import io.frontier.store.error.InvalidInputException;
import io.frontier.store.error.StaleEpochException;
import io.frontier.store.error.StaleTokenException;
import io.frontier.store.error.WrongStateException;
import io.frontier.store.wire.Result;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Commits valid RESULTs: the irreversible decision in the store, then {@link EntryFinisher}.
 * Stateless apart from its collaborators; the coordinator's event loop calls it synchronously,
 * once per turn, with the valid results that turn received.
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
     * <p>A decision that keeps no child (none declared, or every one redundant or dropped) has
     * nothing to promote, mark or enqueue: the same transaction also completes it (the item is
     * done, or pending for its next round), {@link CommitPoint#AFTER_COMPLETE} is reached, and the
     * stage, which holds only redundant bytes, is removed. A crash before that removal leaves the
     * stage to the stage janitor, as a crash after any completion does.
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
        return EntryFinisher.thrownIfFailed(commitAll(List.of(new ValidResult(assignment, valid)), now).get(0));
    }

    /**
     * Commits each of {@code results}, answers to assignments of one epoch, with the outcome and
     * the guarantees {@link #commit} gives it alone, but with shared store writes: the decisions
     * of all in one {@code beginCommits} call (more only when their children exceed one
     * transaction's room), then {@link EntryFinisher#finishAll} for every decision taken.
     *
     * <p>Results fail alone: one that is refused, abandoned, meets a corrupt object or fails
     * (its {@link CommitOutcome.Failed} holds what {@link #commit} would throw) leaves the others
     * to go on to their own outcomes, so none of them is lost or committed twice. A crash
     * anywhere inside leaves each result as a crash inside its own {@link #commit} could.
     *
     * @return one outcome per result, in the order of {@code results}
     * @throws InvalidInputException if the results belong to assignments of different epochs
     */
    public List<CommitOutcome> commitAll(List<ValidResult> results, double now) {
        if (results.stream().map(result -> result.assignment().epoch()).distinct().count() > 1) {
            throw new InvalidInputException("commit batch mixes epochs").with("results", results.size());
        }
        CommitOutcome[] outcomes = new CommitOutcome[results.size()];
        List<Integer> decided = new ArrayList<>();
        List<OpenCommit> opens = new ArrayList<>();
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            positions.add(i);
        }
        for (List<Integer> group : TransactionGroups.of(positions, i -> results.get(i).result().children().size())) {
            List<ItemResult<CommitTicket>> tickets = begin(group.stream().map(results::get).toList(), now);
            for (int k = 0; k < group.size(); k++) {
                int i = group.get(k);
                ActiveAssignment assignment = results.get(i).assignment();
                ItemResult<CommitTicket> ticket = tickets.get(k);
                if (ticket.succeeded() && ticket.value().completed()) {
                    outcomes[i] = endedAtOnce(assignment, ticket.value());
                } else if (ticket.succeeded()) {
                    decided.add(i);
                    // A repeated decision carries no marks; treating every child as unmarked is
                    // harmless, since promotion and marking are idempotent.
                    opens.add(new OpenCommit(assignment.work(), assignment.result(), assignment.stage(),
                            ticket.value().children(), Set.of()));
                } else {
                    outcomes[i] = refusedOrFailed(assignment, ticket.failure());
                }
            }
        }
        for (OpenCommit open : opens) {
            checkpoints.reached(CommitPoint.AFTER_BEGIN_COMMIT, open.work());
        }
        List<CommitOutcome> finished = finisher.finishAll(results.get(0).assignment().epoch(), opens, now);
        for (int k = 0; k < decided.size(); k++) {
            outcomes[decided.get(k)] = finished.get(k);
        }
        return List.of(outcomes);
    }

    /**
     * The decisions for {@code group}, one transaction, those that keep nothing ended in it too; a
     * failure of the whole transaction is every item's failure.
     */
    private List<ItemResult<CommitTicket>> begin(List<ValidResult> group, double now) {
        List<CommitRequest> requests = group.stream().map(CommitChain::request).toList();
        try {
            return store.beginCommits(group.get(0).assignment().epoch(), requests, now, true);
        } catch (FrontierException e) {
            return group.stream().map(result -> new ItemResult<CommitTicket>(null, e)).toList();
        }
    }

    /**
     * The outcome of a decision whose entry ended in its own transaction, once its stage is
     * removed: committed, with nothing promoted or enqueued.
     */
    private CommitOutcome endedAtOnce(ActiveAssignment assignment, CommitTicket ticket) {
        checkpoints.reached(CommitPoint.AFTER_COMPLETE, assignment.work());
        try {
            remover.remove(assignment.stage());
        } catch (FrontierException e) {
            return new CommitOutcome.Failed(assignment.work(), assignment.result(), e);
        }
        return new CommitOutcome.Committed(assignment.work(), assignment.result(), List.of(), List.of(), List.of(),
                ticket.completion().repeated(), 0);
    }

    /** What a refused or failed decision comes to; a stale token's stage is removed here. */
    private CommitOutcome refusedOrFailed(ActiveAssignment assignment, FrontierException failure) {
        if (failure instanceof StaleTokenException || failure instanceof WrongStateException) {
            try {
                remover.remove(assignment.stage());
            } catch (FrontierException e) {
                return new CommitOutcome.Failed(assignment.work(), assignment.result(), e);
            }
            return refused(assignment, Refusal.STALE_TOKEN, failure);
        }
        if (failure instanceof StaleEpochException) {
            return refused(assignment, Refusal.STALE_EPOCH, failure);
        }
        return new CommitOutcome.Failed(assignment.work(), assignment.result(), failure);
    }

    private static CommitRequest request(ValidResult valid) {
        ActiveAssignment assignment = valid.assignment();
        Result result = valid.result();
        return new CommitRequest(assignment.lease(), assignment.result(),
                CorpusLayout.stageName(assignment.stage()), result.children(), result.execution(), result.finding(),
                result.leftOut());
    }

    private static CommitOutcome.Refused refused(ActiveAssignment assignment, Refusal refusal, FrontierException e) {
        return new CommitOutcome.Refused(assignment.work(), refusal, e.reason(), e.context());
    }
}
