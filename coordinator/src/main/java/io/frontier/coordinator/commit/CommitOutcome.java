package io.frontier.coordinator.commit;

import io.frontier.coordinator.control.ControlFailure;
import io.frontier.coordinator.control.Refusal;
import io.frontier.store.error.FrontierException;
import io.frontier.store.record.ResultId;
import io.frontier.store.corpus.Digest;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How one pass of the commit chain (or of replay over one entry) ended. {@link Failed} comes
 * only from the batch calls ({@link CommitChain#commitAll}, {@link EntryFinisher#finishAll});
 * the single calls throw its failure instead.
 */
public sealed interface CommitOutcome permits CommitOutcome.Committed, CommitOutcome.Refused,
        CommitOutcome.Abandoned, CommitOutcome.LeftForReplay, CommitOutcome.ControlFailed, CommitOutcome.Failed {

    /**
     * Every child is in the public corpus, the item is done, its new children are pending work,
     * and the stage is gone.
     *
     * @param promoted children this pass renamed into the corpus (new objects)
     * @param alreadyPresent children this pass found already in the corpus, verified: produced
     *     before by another result, or promoted by an interrupted earlier pass
     * @param enqueued children that became pending work by this completion; a child already
     *     known as work (from any parent) is not enqueued again
     * @param repeated true if an earlier pass had already completed the item
     * @param newEdges the edges new to the campaign that the result's children reached first,
     *     as the commit decision's triage counted them (0 without triage)
     */
    record Committed(Digest work, ResultId result, List<Digest> promoted, List<Digest> alreadyPresent,
            List<Digest> enqueued, boolean repeated, long newEdges) implements CommitOutcome {

        public Committed {
            Objects.requireNonNull(work, "work");
            Objects.requireNonNull(result, "result");
            promoted = List.copyOf(promoted);
            alreadyPresent = List.copyOf(alreadyPresent);
            enqueued = List.copyOf(enqueued);
        }
    }

    /**
     * The store refused the commit decision: nothing was promoted and nothing recorded. The stage
     * was removed for a {@link Refusal#STALE_TOKEN}; for a {@link Refusal#STALE_EPOCH} it was
     * kept (see {@link CommitChain#commit}) and the stage janitor of a later job removes it.
     */
    record Refused(Digest work, Refusal refusal, String reason, Map<String, String> context) implements CommitOutcome {

        public Refused {
            Objects.requireNonNull(work, "work");
            Objects.requireNonNull(refusal, "refusal");
            Objects.requireNonNull(reason, "reason");
            context = Collections.unmodifiableMap(new LinkedHashMap<>(context));
        }
    }

    /**
     * Staged bytes of an unpromoted child were missing or corrupt, so the entry was ended as
     * abandoned with {@code reason}: the item went back to pending as a new attempt (or to
     * {@code abandoned} for good after the campaign's attempts), and the stage was removed.
     * Children promoted before stay in the corpus but did not become work.
     *
     * @param forGood true if the item was abandoned for good (its attempts are used up) and will
     *     never run again; false if it went back to pending as a new attempt. See
     *     {@link io.frontier.store.campaign.Completion#state} for a {@code repeated} abandonment
     */
    record Abandoned(Digest work, ResultId result, String reason, boolean repeated, boolean forGood)
            implements CommitOutcome {

        public Abandoned {
            Objects.requireNonNull(work, "work");
            Objects.requireNonNull(result, "result");
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * The decision stands but a newer epoch fenced this coordinator off before it could finish;
     * the newer job's replay will. The stage was kept for it. The coordinator must stop.
     */
    record LeftForReplay(Digest work, ResultId result, Map<String, String> context) implements CommitOutcome {

        public LeftForReplay {
            Objects.requireNonNull(work, "work");
            Objects.requireNonNull(result, "result");
            context = Collections.unmodifiableMap(new LinkedHashMap<>(context));
        }
    }

    /**
     * The corpus holds other bytes (or a non-file) under a child's name. Nothing was marked or
     * completed; the entry stays committing and its stage stays for an operator; the job must
     * stop with exit code 70.
     */
    record ControlFailed(ControlFailure failure) implements CommitOutcome {

        public ControlFailed {
            Objects.requireNonNull(failure, "failure");
        }
    }

    /**
     * The pass stopped at {@code failure} (the store or the filesystem failed, or a record could
     * not be read): what {@link CommitChain#commit} or {@link EntryFinisher#finish} throw for
     * this result alone. The result is left as a crash at that point leaves it: without a
     * decision (its lease is recovered by time), or committing, for this call again or replay
     * to finish. The other results of its batch are unaffected.
     */
    record Failed(Digest work, ResultId result, FrontierException failure) implements CommitOutcome {

        public Failed {
            Objects.requireNonNull(work, "work");
            Objects.requireNonNull(result, "result");
            Objects.requireNonNull(failure, "failure");
        }
    }
}
