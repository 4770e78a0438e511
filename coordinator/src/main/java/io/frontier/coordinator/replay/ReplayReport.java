package io.frontier.coordinator.replay;

import io.frontier.coordinator.commit.CommitOutcome;
import io.frontier.coordinator.control.ControlFailure;
import io.frontier.store.corpus.Digest;
import java.util.List;

/**
 * What one replay did.
 *
 * @param completed entries finished as done, with what each promoted and enqueued
 * @param abandoned entries ended as abandoned, each with its reason
 * @param leftToCurrentEpoch committing entries of the caller's own epoch, not touched
 * @param leftToOthers committing entries of earlier epochs outside the caller's share
 * @param controlFailure a control failure of this replay, or null: the one it stopped at, else
 *     the first of {@code blocked}. When present the job must stop with exit code 70; the
 *     entries concerned stay committing
 * @param fenced true if replay stopped because a newer epoch fenced the caller off
 * @param blocked committing entries replay passed over because they cannot be read or followed
 *     (index entry, work record, result index, manifest entry or stage name damaged or
 *     disagreeing), each as a control failure naming its store key ({@code blocked}) or its
 *     work; they are left exactly as found, for an operator, and replay went on with the others
 */
public record ReplayReport(
        List<CommitOutcome.Committed> completed,
        List<CommitOutcome.Abandoned> abandoned,
        int leftToCurrentEpoch,
        int leftToOthers,
        ControlFailure controlFailure,
        boolean fenced,
        List<ControlFailure> blocked) {

    public ReplayReport {
        completed = List.copyOf(completed);
        abandoned = List.copyOf(abandoned);
        blocked = List.copyOf(blocked);
        if (controlFailure == null && !blocked.isEmpty()) {
            throw new IllegalArgumentException("a replay that met blocked entries has a control failure");
        }
    }

    /** True if replay ended every entry in its share. */
    public boolean finished() {
        return controlFailure == null && !fenced;
    }

    /** Children renamed into the corpus by this replay. */
    public int childrenPromoted() {
        return completed.stream().mapToInt(entry -> entry.promoted().size()).sum();
    }

    /** Children that became pending work through this replay. */
    public List<Digest> enqueued() {
        return completed.stream().flatMap(entry -> entry.enqueued().stream()).toList();
    }
}
