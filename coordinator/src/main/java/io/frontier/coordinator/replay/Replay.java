package io.frontier.coordinator.replay;

import io.frontier.coordinator.commit.CommitOutcome;
import io.frontier.coordinator.commit.EntryFinisher;
import io.frontier.coordinator.commit.OpenCommit;
import io.frontier.coordinator.control.ControlFailure;
import io.frontier.store.campaign.Blocked;
import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.campaign.CommittingEntry;
import io.frontier.store.campaign.CommittingPage;
import io.frontier.store.corpus.InvalidStageLocationException;
import io.frontier.store.corpus.Digest;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Finishes the commit decisions that earlier jobs recorded and did not end. Stateless apart
 * from its collaborators.
 */
public final class Replay {

    /** Committing entries read per listing, each listing one read-only transaction. */
    static final int PAGE = 64;

    private final CampaignStore store;
    private final EntryFinisher finisher;

    public Replay(CampaignStore store, EntryFinisher finisher) {
        this.store = store;
        this.finisher = finisher;
    }

    /**
     * Ends every committing entry of an epoch before {@code epoch} whose work id is in
     * {@code share}, using {@link EntryFinisher#finish}: for each kept child (frontier or
     * finding; a redundant child is never promoted) not yet marked, an intact
     * object already in the public corpus is marked, else intact staged bytes are promoted and
     * marked; then the item is completed and the stage removed. If an unmarked child is neither
     * (staged bytes deleted or corrupt), the entry is abandoned with the problems as its reason
     * and the item goes back to pending as a new attempt. A child object in the corpus whose
     * bytes do not match its name stops replay with a control failure.
     *
     * <p>An entry the store reports {@linkplain io.frontier.store.campaign.Blocked blocked}
     * (something of it cannot be read, or its parts disagree) is a control failure reported with
     * its key in {@link ReplayReport#blocked}, whatever its epoch and share, since neither can be
     * trusted; so is, with its work, an entry of the share whose stage name cannot be parsed.
     * Such an entry is never ended or overwritten; replay goes on with the others, and the
     * report is not finished, so the job stops with exit code 70 for an operator to look.
     *
     * <p>First removes the child chunks that decisions of earlier epochs wrote ahead and never
     * took ({@link CampaignStore#sweepDrafts}): no decision of an earlier epoch can name them any
     * more. Reads the committing index one page at a time in work id order, each entry once. Call
     * it at the start of a job, after the job's epoch bump and before any dispatch. When
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
    public ReplayReport run(long epoch, Predicate<Digest> share, double now) {
        store.sweepDrafts(epoch);
        Tally tally = new Tally();
        Digest after = null;
        do {
            // The cursor moves past every entry of the page, ended or not, so each is read once.
            CommittingPage page = store.listCommitting(after, PAGE);
            for (Blocked blocked : page.blocked()) {
                tally.blocked.add(ControlFailure.blocked(blocked.key(), blocked.problem()));
            }
            for (CommittingEntry entry : page.entries()) {
                Digest work = entry.work().id();
                if (entry.entry().epoch() >= epoch) {
                    tally.current++;
                    continue;
                }
                if (!share.test(work)) {
                    tally.others++;
                    continue;
                }
                OpenCommit open;
                try {
                    open = OpenCommit.of(entry);
                } catch (InvalidStageLocationException e) {
                    tally.blocked.add(ControlFailure.of(work, e));
                    continue;
                }
                CommitOutcome outcome = finisher.finish(epoch, open, now);
                if (outcome instanceof CommitOutcome.Committed done) {
                    tally.completed.add(done);
                } else if (outcome instanceof CommitOutcome.Abandoned lost) {
                    tally.abandoned.add(lost);
                } else if (outcome instanceof CommitOutcome.ControlFailed failed) {
                    return tally.report(failed.failure(), false);
                } else {
                    // LeftForReplay: the finisher returns nothing else, and a refusal only
                    // comes from a commit decision.
                    return tally.report(null, true);
                }
            }
            after = page.next();
        } while (after != null);
        return tally.report(null, false);
    }

    /** What one {@link #run} has done so far. */
    private static final class Tally {
        final List<CommitOutcome.Committed> completed = new ArrayList<>();
        final List<CommitOutcome.Abandoned> abandoned = new ArrayList<>();
        final List<ControlFailure> blocked = new ArrayList<>();
        int current;
        int others;

        /** The report, with {@code stop}, else the first blocked entry, as its control failure. */
        ReplayReport report(ControlFailure stop, boolean fenced) {
            ControlFailure failure = stop != null || blocked.isEmpty() ? stop : blocked.get(0);
            return new ReplayReport(completed, abandoned, current, others, failure, fenced, blocked);
        }
    }
}
