package io.frontier.store.exploration;

import io.frontier.store.manifest.Child;
import io.frontier.store.manifest.ChildFate;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.wire.Execution;
import io.frontier.store.wire.ExecutorKind;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Whether a committed round of a work item sends it back for another, under one policy. */
public final class Rounds {

    /**
     * Executors whose repeat differs from their earlier run only in starting from an empty
     * pruning map (SymCC: its run is determined by the input and the map), so that after one
     * repeat another could only do the first again.
     */
    static final Set<String> REPEATED_ONCE = Set.of(ExecutorKind.SYMCC);

    private final ExplorationPolicy policy;

    public Rounds(ExplorationPolicy policy) {
        this.policy = policy;
    }

    /**
     * The next round of {@code record} after a round whose execution was {@code execution} and
     * whose children were {@code children}, or null if the item is done. A time-out comes back in
     * {@link Tier#RETRY} with twice the round's factor while that stays within the policy's cap; a
     * run of a repeatable executor that found nothing new (no child reached new coverage and none
     * was a finding) comes back in {@link Tier#REPEAT} with twice the factor, capped, while the
     * item has had fewer rounds than the policy's repeats ({@link #REPEATED_ONCE}: at most one).
     */
    public NextRound after(WorkRecord record, Execution execution, List<Child> children) {
        int doubled = (int) Math.min((long) record.limitFactor() * 2, policy.maxLimitFactor());
        if (execution.timedOut()) {
            return doubled > record.limitFactor() ? new NextRound(Tier.RETRY, doubled) : null;
        }
        boolean foundNew = children.stream()
                .anyMatch(child -> child.fate() == ChildFate.FRONTIER || child.fate() == ChildFate.FINDING);
        String executor = execution.executor();
        if (!foundNew && policy.repeatable().contains(executor) && record.round() < repeats(executor)) {
            return new NextRound(Tier.REPEAT, doubled);
        }
        return null;
    }

    /**
     * The kind every repeat round of a campaign of executor {@code kinds} runs on, if one: the
     * first repeatable kind whose repeats are not limited to one (AFL++). A SymCC run that found
     * nothing new in a hybrid campaign is then followed by longer AFL++ runs of its input, not by
     * SymCC's one repeat; without such a kind a repeat runs where the input's first round did.
     */
    public Optional<String> repeatKind(List<String> kinds) {
        return kinds.stream().filter(kind -> policy.repeatable().contains(kind) && !REPEATED_ONCE.contains(kind))
                .findFirst();
    }

    private int repeats(String executor) {
        return REPEATED_ONCE.contains(executor) ? Math.min(1, policy.repeats()) : policy.repeats();
    }

    /** The tier and time-limit factor of an item's next round. */
    public record NextRound(int tier, int limitFactor) {
    }
}
