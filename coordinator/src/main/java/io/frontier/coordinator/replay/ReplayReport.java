package io.frontier.coordinator.replay;

import io.frontier.coordinator.commit.CommitOutcome;
import io.frontier.coordinator.control.ControlFailure;
import io.frontier.store.record.WorkId;
import java.util.List;

/**
 * What one replay did.
 *
 * @param completed entries finished as done, with what each promoted and enqueued
 * @param abandoned entries ended as abandoned, each with its reason
 * @param leftToCurrentEpoch committing entries of the caller's own epoch, not touched
 * @param leftToOthers committing entries of earlier epochs outside the caller's share
 * @param controlFailure the control failure replay stopped at, or null; the job must stop with
 *     exit code 70 and the entry stays committing
 * @param fenced true if replay stopped because a newer epoch fenced the caller off
 */
public record ReplayReport(
        List<CommitOutcome.Committed> completed,
        List<CommitOutcome.Abandoned> abandoned,
        int leftToCurrentEpoch,
        int leftToOthers,
        ControlFailure controlFailure,
        boolean fenced) {

    public ReplayReport {
        completed = List.copyOf(completed);
        abandoned = List.copyOf(abandoned);
    }

    /** True if replay went through every entry in its share. */
    public boolean finished() {
        return controlFailure == null && !fenced;
    }

    /** Children renamed into the corpus by this replay. */
    public int childrenPromoted() {
        return completed.stream().mapToInt(entry -> entry.promoted().size()).sum();
    }

    /** Children that became pending work through this replay. */
    public List<WorkId> enqueued() {
        return completed.stream().flatMap(entry -> entry.enqueued().stream()).toList();
    }
}
