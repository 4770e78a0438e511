package io.frontier.coordinator.replay;

import io.frontier.coordinator.commit.CommitOutcome;
import io.frontier.coordinator.commit.EntryFinisher;
import io.frontier.coordinator.commit.OpenCommit;
import io.frontier.coordinator.control.ControlFailure;
import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.campaign.CommittingEntry;
import io.frontier.store.corpus.InvalidStageLocationException;
import io.frontier.store.record.WorkId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Finishes the commit decisions that earlier jobs recorded and did not end. Stateless apart
 * from its collaborators.
 */
public final class Replay {

    /** Committing entries read per listing beyond those already seen. */
    static final int PAGE = 64;

    private final CampaignStore store;
    private final EntryFinisher finisher;

    public Replay(CampaignStore store, EntryFinisher finisher) {
        this.store = store;
        this.finisher = finisher;
    }

    /**
     * Ends every committing entry of an epoch before {@code epoch} whose work id is in
     * {@code share}, using {@link EntryFinisher#finish}: for each child not yet marked, an intact
     * object already in the public corpus is marked, else intact staged bytes are promoted and
     * marked; then the item is completed and the stage removed. If an unmarked child is neither
     * (staged bytes deleted or corrupt), the entry is abandoned with the problems as its reason
     * and the item goes back to pending as a new attempt. A child object in the corpus whose
     * bytes do not match its name stops replay with a control failure.
     *
     * <p>Call it at the start of a job, after the job's epoch bump and before any dispatch. When
     * it returns {@linkplain ReplayReport#finished() finished}, no entry of an earlier epoch in
     * the share is committing any more, so every committed result of the crashed jobs is either
     * fully published with its children enqueued or abandoned with its work back in the queue.
     * It cannot be undone.
     *
     * <p>Idempotent: running it again, or after being killed anywhere inside, reaches the same
     * end state, because each step repeats harmlessly. Entries of {@code epoch} itself are
     * left alone (their committer may be alive); a job must therefore run in an epoch of its
     * own. Several coordinators may replay at once with disjoint shares. Overlapping shares
     * cannot publish anything twice, because the store ends each entry once, but one replayer
     * may abandon an entry the other was finishing (costing a re-execution), or fail with the
     * store's {@link io.frontier.store.error.WrongStateException} when the other ended it first.
     *
     * @param share which committing items this caller replays, e.g. the buckets it owns, or
     *     every item when one coordinator replays for the job
     */
    public ReplayReport run(long epoch, Predicate<WorkId> share, double now) {
        List<CommitOutcome.Committed> completed = new ArrayList<>();
        List<CommitOutcome.Abandoned> abandoned = new ArrayList<>();
        int current = 0;
        int others = 0;
        Set<WorkId> seen = new HashSet<>();
        while (true) {
            // Ended entries leave the committing index, so a listing that grows with what was
            // seen reaches the ones behind those left alone; the store offers no cursor.
            List<CommittingEntry> fresh = new ArrayList<>();
            for (CommittingEntry entry : store.listCommitting(seen.size() + PAGE)) {
                if (seen.add(entry.work().id())) {
                    fresh.add(entry);
                }
            }
            if (fresh.isEmpty()) {
                return new ReplayReport(completed, abandoned, current, others, null, false);
            }
            for (CommittingEntry entry : fresh) {
                WorkId work = entry.work().id();
                if (entry.entry().epoch() >= epoch) {
                    current++;
                    continue;
                }
                if (!share.test(work)) {
                    others++;
                    continue;
                }
                OpenCommit open;
                try {
                    open = OpenCommit.of(entry);
                } catch (InvalidStageLocationException e) {
                    return new ReplayReport(completed, abandoned, current, others, ControlFailure.of(work, e), false);
                }
                CommitOutcome outcome = finisher.finish(epoch, open, now);
                if (outcome instanceof CommitOutcome.Committed done) {
                    completed.add(done);
                } else if (outcome instanceof CommitOutcome.Abandoned lost) {
                    abandoned.add(lost);
                } else if (outcome instanceof CommitOutcome.ControlFailed failed) {
                    return new ReplayReport(completed, abandoned, current, others, failed.failure(), false);
                } else {
                    // LeftForReplay: the finisher returns nothing else, and a refusal only
                    // comes from a commit decision.
                    return new ReplayReport(completed, abandoned, current, others, null, true);
                }
            }
        }
    }
}
