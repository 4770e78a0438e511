package io.frontier.coordinator.replay;

import java.util.List;

/**
 * What one sweep of stage trees did.
 *
 * @param removed epochs whose {@code .stage-<epoch>} tree was removed
 * @param kept epochs whose tree a committing entry still references, left in place
 * @param failures trees that could not be removed, each as {@code epoch: reason}; a later
 *     sweep tries again
 * @param skipped why nothing was removed at all, or null; a later sweep tries again
 */
public record JanitorReport(List<Long> removed, List<Long> kept, List<String> failures, String skipped) {

    public JanitorReport {
        removed = List.copyOf(removed);
        kept = List.copyOf(kept);
        failures = List.copyOf(failures);
    }
}
