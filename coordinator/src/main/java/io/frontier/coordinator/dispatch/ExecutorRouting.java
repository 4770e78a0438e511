package io.frontier.coordinator.dispatch;

import io.frontier.store.record.WorkRecord;
import java.util.List;
import java.util.function.Predicate;

/**
 * Which kind of executor an input runs on in a hybrid campaign: the alternating policy. A seed
 * runs on the first kind listed; an input that one kind found runs on the first other kind. With
 * SymCC listed first and AFL++ second, SymCC runs every seed and every input AFL++ found (to solve
 * the branch conditions random mutation got stuck on), and AFL++ fuzzes around every input SymCC
 * found (to explore the new paths cheaply). With one kind, every input runs on it.
 *
 * <p>It is a preference, not a rule: a worker never waits while work is queued, so an input may
 * run on the other kind when no worker of its kind is free. Stateless and immutable.
 */
public final class ExecutorRouting {

    private final List<String> kinds;

    /** @param kinds the campaign's executor kinds, in the order workers take them */
    public ExecutorRouting(List<String> kinds) {
        if (kinds.isEmpty()) {
            throw new IllegalArgumentException("a campaign has at least one executor kind");
        }
        this.kinds = List.copyOf(kinds);
    }

    /** The kind {@code item} should run on. */
    public String preferredKind(WorkRecord item) {
        String origin = item.origin();
        if (origin == null) {
            return kinds.get(0);
        }
        return kinds.stream().filter(kind -> !kind.equals(origin)).findFirst().orElse(kinds.get(0));
    }

    /** The items a worker of {@code kind} should take first. */
    public Predicate<WorkRecord> preferredBy(String kind) {
        return item -> preferredKind(item).equals(kind);
    }

    /** The kind of the worker at {@code indexInGroup} of its group, as the workers take them. */
    public String kindOf(int indexInGroup) {
        return kinds.get(Math.floorMod(indexInGroup, kinds.size()));
    }
}
