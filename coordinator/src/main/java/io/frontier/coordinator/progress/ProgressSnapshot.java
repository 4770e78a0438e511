package io.frontier.coordinator.progress;

import java.util.Map;

/**
 * The campaign as one progress line shows it, read at one moment.
 *
 * @param done items executed and committed, all jobs together
 * @param pending inputs waiting to run, in every tier
 * @param lowerTiers those of them waiting in tiers 1 and up (redundant, retries, repeats)
 * @param running inputs leased or committing
 * @param edges edges of the target the kept inputs have reached
 * @param findings inputs recorded as crashes or hangs
 * @param invalid worker results judged invalid
 * @param load executions committed in this job, by coordinator rank
 */
public record ProgressSnapshot(long done, long pending, long lowerTiers, long running, long edges, long findings, long invalid,
                               Map<Integer, Long> load) {

    public ProgressSnapshot {
        load = Map.copyOf(load);
    }
}
