package io.frontier.store.view;

import io.frontier.store.campaign.Blocked;
import io.frontier.store.record.Owner;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What every coordinator of the campaign committed, per executor kind, as of one snapshot.
 *
 * @param byOwner per coordinator (by owner name), per executor kind (by name), the tally of its
 *     commit decisions
 * @param blocked executor count keys that could not be read, not counted
 */
public record ExecutorTallies(SortedMap<String, SortedMap<String, ExecutorTally>> byOwner, List<Blocked> blocked) {

    public ExecutorTallies {
        TreeMap<String, SortedMap<String, ExecutorTally>> copy = new TreeMap<>();
        byOwner.forEach((owner, kinds) -> copy.put(owner, Collections.unmodifiableSortedMap(new TreeMap<>(kinds))));
        byOwner = Collections.unmodifiableSortedMap(copy);
        blocked = List.copyOf(blocked);
    }

    /** Per executor kind, summed over every coordinator of every job, by kind name. */
    public SortedMap<String, ExecutorTally> byExecutor() {
        TreeMap<String, ExecutorTally> kinds = new TreeMap<>();
        byOwner.values().forEach(owner -> owner.forEach((kind, tally) -> kinds.merge(kind, tally, ExecutorTally::plus)));
        return Collections.unmodifiableSortedMap(kinds);
    }

    /** Every kind of every coordinator together. */
    public ExecutorTally total() {
        return byExecutor().values().stream().reduce(ExecutorTally.NONE, ExecutorTally::plus);
    }

    /** Every kind of {@code owners} together (e.g. the coordinators of one job). */
    public ExecutorTally totalOf(Collection<Owner> owners) {
        ExecutorTally total = ExecutorTally.NONE;
        for (Owner owner : owners) {
            for (ExecutorTally tally : byOwner.getOrDefault(owner.name(), Collections.emptySortedMap()).values()) {
                total = total.plus(tally);
            }
        }
        return total;
    }

    /** Tallies of {@code amounts}: owner name → kind → tally, as a view reads them. */
    static ExecutorTallies of(Map<String, Map<String, ExecutorTally>> amounts, List<Blocked> blocked) {
        TreeMap<String, SortedMap<String, ExecutorTally>> sorted = new TreeMap<>();
        amounts.forEach((owner, kinds) -> sorted.put(owner, new TreeMap<>(kinds)));
        return new ExecutorTallies(sorted, blocked);
    }
}
