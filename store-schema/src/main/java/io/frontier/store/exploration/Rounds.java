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
    private final Optional<String> repeatKind;
    private final Optional<ExecutorRouting> routing;

    /**
     * The rounds of a campaign under {@code policy} whose executors are {@code kinds}; with no
     * kinds given (a reader that runs nothing), every round after the first runs where the round
     * before it ran.
     */
    public Rounds(ExplorationPolicy policy, List<String> kinds) {
        this.policy = policy;
        this.repeatKind = kinds.stream()
                .filter(kind -> policy.repeatable().contains(kind) && !REPEATED_ONCE.contains(kind)
                        && !ExecutorKind.isSession(kind))
                .findFirst();
        this.routing = kinds.isEmpty() ? Optional.empty() : Optional.of(new ExecutorRouting(kinds));
    }

    /**
     * The claim order of a new input in {@code tier} found by {@code origin}: the tier's own
     * ({@link ClaimOrder#ofNew}), except for a new tier-0 input whose first round a follow-up on
     * the repeat kind waits for, and for a new tier-0 input a fuzzing session found. In a hybrid
     * campaign the first is SymCC's round of an input AFL++ found; the second is SymCC's round of
     * an input a session found, what random mutation reached and SymCC can take further, as
     * SymCC's own fuzzing helper runs the fuzzer's queue. Both stand at {@link ClaimOrder#GATE},
     * ahead of the rest of tier 0.
     */
    public int claimOrderOfNew(String origin, int tier) {
        boolean gate = tier == Tier.NEW_COVERAGE && routing.isPresent() && routing.get().runsInputs()
                && (ExecutorKind.isSession(origin) || followedUp(routing.get().firstKind(origin)));
        return gate ? ClaimOrder.GATE : ClaimOrder.ofNew(tier);
    }

    /** Whether a first round that ran on {@code kind} comes back for a follow-up on the repeat kind. */
    private boolean followedUp(String kind) {
        return repeatKind.isPresent() && !repeatKind.get().equals(kind);
    }

    /**
     * The next round of {@code record} after a round whose execution was {@code execution} and
     * whose children were {@code children}, or null if the item is done. A session's slice is
     * always followed by another: a fuzzer never runs dry on its own, and the job's budget or a
     * stop ends it. For an input, in order:
     * <ol>
     *   <li>a time-out comes back in {@link Tier#RETRY} on the kind that ran, with twice the
     *       round's factor while that stays within the policy's cap;
     *   <li>in a campaign with a repeat kind (the first repeatable kind whose repeats are not
     *       limited to one: AFL++), a first round that ran on another kind comes back once for a
     *       follow-up round on the repeat kind, in the same tier, whatever it found. In a hybrid
     *       campaign every seed and every input AFL++ found runs on SymCC first; without the
     *       follow-up AFL++ would fuzz them only if SymCC found nothing, and then only once the
     *       other tiers ran dry, while AFL++ alone goes deep by fuzzing its own finds;
     *   <li>a run of a repeatable executor that found nothing new (no child reached new coverage
     *       and none was a finding) comes back in {@link Tier#REPEAT} with twice the factor,
     *       capped, on the repeat kind if there is one, else on the kind that ran, while the item
     *       has had fewer rounds than the policy's repeats ({@link #REPEATED_ONCE}: at most one).
     * </ol>
     */
    public NextRound after(WorkRecord record, Execution execution, List<Child> children) {
        if (record.session() != null) {
            return new NextRound(Tier.NEW_COVERAGE, 1, record.session().kind());
        }
        String ran = execution.executor();
        int doubled = (int) Math.min((long) record.limitFactor() * 2, policy.maxLimitFactor());
        if (execution.timedOut()) {
            return doubled > record.limitFactor() ? new NextRound(Tier.RETRY, doubled, ran) : null;
        }
        if (record.round() == 0 && followedUp(ran)) {
            return new NextRound(record.tier(), record.limitFactor(), repeatKind.get());
        }
        boolean foundNew = children.stream()
                .anyMatch(child -> child.fate() == ChildFate.FRONTIER || child.fate() == ChildFate.FINDING);
        if (!foundNew && policy.repeatable().contains(ran) && record.round() < repeats(ran)) {
            return new NextRound(Tier.REPEAT, doubled, repeatKind.orElse(ran));
        }
        return null;
    }

    private int repeats(String executor) {
        return REPEATED_ONCE.contains(executor) ? Math.min(1, policy.repeats()) : policy.repeats();
    }

    /** The tier, time-limit factor and executor kind of an item's next round. */
    public record NextRound(int tier, int limitFactor, String kind) {
    }
}
