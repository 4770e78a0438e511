package io.frontier.coordinator.progress;

import java.util.List;
import java.util.Map;

/**
 * The campaign as one progress line shows it, read at one moment.
 *
 * @param executions executions committed, all jobs together: an item that runs again in a lower
 *     tier counts once per run
 * @param done items whose last round is committed, all jobs together
 * @param pending inputs waiting to run, in every tier
 * @param pendingByTier of those, the inputs waiting in each tier, by tier number (0: new coverage)
 * @param running inputs leased or committing
 * @param edges edges of the target the kept inputs have reached
 * @param findings inputs recorded as crashes or hangs
 * @param invalid worker results judged invalid
 * @param children children declared by committed results, all jobs together (as counted per
 *     executor kind)
 * @param redundant of those, children that reached nothing new or were copies of known work
 * @param executionMillis the wall time of the executions committed in this job, summed
 * @param load executions committed in this job, by coordinator rank
 */
public record ProgressSnapshot(long executions, long done, long pending, List<Long> pendingByTier, long running, long edges,
                               long findings, long invalid, long children, long redundant, long executionMillis,
                               Map<Integer, Long> load) {

    public ProgressSnapshot {
        pendingByTier = List.copyOf(pendingByTier);
        load = Map.copyOf(load);
    }
}
