package io.frontier.tools.replay;

import java.util.List;

/**
 * What {@code frontier replay} did, also its {@code --json} output.
 *
 * @param epoch the current epoch: entries of earlier epochs were replayed, its own were not
 * @param completed entries finished as done
 * @param abandoned entries ended as abandoned, their work requeued or given up
 * @param leftToCurrentEpoch committing entries of the current epoch, left for
 *     {@code frontier resume}
 * @param controlFailures what replay stopped at or passed over (a corrupt object, an unreadable
 *     entry); those entries stay committing for an operator. Any makes the exit code 70
 * @param fenced true if a newer job moved the epoch while replay ran and stopped it
 * @param sweep what the removal of stage trees of earlier epochs did
 */
public record ReplayOutput(long epoch, List<Completed> completed, List<Abandoned> abandoned, int leftToCurrentEpoch,
                           List<String> controlFailures, boolean fenced, Sweep sweep) {

    /**
     * An entry finished as done.
     *
     * @param promoted children renamed into the corpus by this replay
     * @param alreadyPresent children found intact in the corpus already
     * @param enqueued children that became new work
     */
    public record Completed(String work, String result, int promoted, int alreadyPresent, int enqueued) {
    }

    /**
     * An entry ended as abandoned.
     *
     * @param forGood true if its work used its last attempt and will not run again
     */
    public record Abandoned(String work, String result, String reason, boolean forGood) {
    }

    /**
     * The stage sweep after replay.
     *
     * @param removed epochs whose stage tree was removed
     * @param kept epochs whose tree a committing entry still references
     * @param failures trees that could not be removed, with the reason
     * @param skipped why nothing was swept, or null
     */
    public record Sweep(List<Long> removed, List<Long> kept, List<String> failures, String skipped) {
    }
}
