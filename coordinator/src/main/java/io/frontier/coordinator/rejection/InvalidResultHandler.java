package io.frontier.coordinator.rejection;

import io.frontier.coordinator.assignment.ActiveAssignment;
import io.frontier.coordinator.control.ControlFailure;
import io.frontier.coordinator.control.Refusal;
import io.frontier.coordinator.validation.Verdict;
import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.corpus.CorruptObjectException;
import io.frontier.store.corpus.MissingObjectException;
import io.frontier.store.corpus.ObjectDirectory;
import io.frontier.store.corpus.fs.CorpusIoException;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.stage.StageRejectedException;
import io.frontier.store.corpus.stage.StageRemover;
import io.frontier.store.error.FencedException;
import io.frontier.store.error.FrontierException;
import io.frontier.store.error.StaleEpochException;
import io.frontier.store.error.WrongStateException;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.record.WorkRecord;

/**
 * Handles RESULTs judged invalid, and counts them in the store: a campaign that saw any ends with
 * exit code 1 even if every retry succeeded, and even if the job that saw it crashed and the
 * campaign was resumed, because the store's {@link Counter#INVALID} keeps the count across jobs.
 *
 * <p>Not thread-safe (this coordinator's own count): owned by the coordinator's event loop.
 */
public final class InvalidResultHandler {

    private final CampaignStore store;
    private final ObjectDirectory corpus;
    private final StageRemover remover;
    /** Invalid results this handler saw, whatever became of them; the store keeps the campaign's. */
    private long invalidResults;

    public InvalidResultHandler(CampaignStore store, CorpusLayout layout, DurableFiles files) {
        this.store = store;
        this.corpus = new ObjectDirectory(layout.corpus(), files);
        this.remover = new StageRemover(layout, files);
    }

    /**
     * Handles {@code invalid}, the verdict on the RESULT that answered {@code assignment}, which
     * the caller has already taken out of its active assignments.
     *
     * <p>In order: (1) removes the assignment's stage, so nothing of the result can ever be
     * promoted; (2) verifies the parent's corpus object again, because a worker that reports
     * other input bytes may have read a corrupt object, and a corrupt object must stop the job
     * rather than fail every worker in turn; (3) asks the store to keep the item leased under the
     * assignment's exact token, which it does only if this coordinator still holds that token in
     * the current epoch, extending the lease to {@code now + ttl} and counting the result as
     * invalid in the same transaction. When the work is not requeued (dropped, or the parent
     * object is corrupt), the result is counted on its own with
     * {@link CampaignStore#countInvalidResult}. Either way, once this returns the store's
     * {@link Counter#INVALID} includes the result for good, unless a newer epoch fenced this
     * job off first ({@link Refusal#STALE_EPOCH}): a fenced job can write nothing, and must stop.
     *
     * <p>After {@link Rejection.Requeued} the item is held by this coordinator under the same
     * token and nobody else can claim it until the lease expires; the caller must put it at the
     * head of its queue, keep renewing it, and never dispatch to the quarantined rank again.
     * Idempotent for the same assignment: the stage removal, the store's requeue and its count
     * of the same result repeat harmlessly (only this handler's own count grows).
     *
     * @param ttl the lease time to live, in seconds
     */
    public Rejection handle(ActiveAssignment assignment, Verdict.Invalid invalid, double now, double ttl) {
        invalidResults++;
        int rank = assignment.workerRank();
        boolean stageRemoved = removeStage(assignment);
        try {
            corpus.verify(assignment.work());
        } catch (CorruptObjectException | MissingObjectException | CorpusIoException e) {
            // Exit code 70 outranks 1, so a fence met while counting changes nothing here.
            countWithoutRequeue(assignment, now);
            return new Rejection.ControlFailed(rank, invalid, stageRemoved, ControlFailure.of(assignment.work(), e));
        }
        try {
            WorkRecord kept = store.requeue(assignment.epoch(), assignment.lease(), assignment.result(), now, ttl);
            return new Rejection.Requeued(rank, invalid, stageRemoved, kept);
        } catch (StaleEpochException e) {
            return dropped(rank, invalid, stageRemoved, Refusal.STALE_EPOCH, e);
        } catch (FencedException | WrongStateException e) {
            // Another token holds it, or the same token committed it: not ours to retry.
            StaleEpochException fenced = countWithoutRequeue(assignment, now);
            return fenced == null
                    ? dropped(rank, invalid, stageRemoved, Refusal.STALE_TOKEN, e)
                    : dropped(rank, invalid, stageRemoved, Refusal.STALE_EPOCH, fenced);
        }
    }

    /**
     * Invalid results this handler handled so far. The campaign's count, over every coordinator
     * and every job, is the store's {@link Counter#INVALID}.
     */
    public long invalidResults() {
        return invalidResults;
    }

    /**
     * Counts the assignment's result as invalid in the store, without requeueing.
     *
     * @return null, or the fence of a newer epoch that kept this job from counting anything
     */
    private StaleEpochException countWithoutRequeue(ActiveAssignment assignment, double now) {
        try {
            store.countInvalidResult(assignment.epoch(), assignment.work(), assignment.result(), now);
            return null;
        } catch (StaleEpochException e) {
            return e;
        }
    }

    /**
     * Removes the assignment's stage. A worker can make a level above its stage a symbolic link;
     * removing through it could delete files outside the campaign, so such a stage is left for
     * the stage janitor, which removes the link itself.
     */
    private boolean removeStage(ActiveAssignment assignment) {
        try {
            remover.remove(assignment.stage());
            return true;
        } catch (StageRejectedException e) {
            return false;
        }
    }

    private static Rejection.Dropped dropped(int rank, Verdict.Invalid invalid, boolean stageRemoved,
            Refusal refusal, FrontierException e) {
        return new Rejection.Dropped(rank, invalid, stageRemoved, refusal, e.context());
    }
}
