package io.frontier.store.exploration;

import io.frontier.store.record.WorkRecord;
import io.frontier.store.wire.ExecutorKind;
import java.util.List;

/**
 * Which kind of executor each round of an input runs on. A round after the first runs on the
 * kind the round before chose for it ({@link WorkRecord#roundKind}, see {@link Rounds}: a retry
 * where the timed-out round ran, a follow-up and every repeat on AFL++ in a hybrid campaign). A
 * first round alternates: a seed runs on the first kind listed; an input that one kind found runs
 * on the first other kind. With SymCC listed first and AFL++ second, SymCC runs every seed and
 * every input AFL++ found (to solve the branch conditions random mutation got stuck on), and
 * AFL++ fuzzes around every input SymCC found (to explore the new paths cheaply). With one kind,
 * every input runs on it; a chosen kind the campaign no longer has falls back to alternation.
 *
 * <p>Session kinds ({@link ExecutorKind#isSession}) take no input for a round of its own: their
 * fuzzers import every input through the campaign's feed. Inputs are routed among the other
 * kinds only, so in a campaign of SymCC and an AFL++ session SymCC runs every input, whoever
 * found it, and the session fuzzes them all.
 *
 * <p>It is a rule, and it costs no worker time: every worker holds every executor of its
 * campaign and runs whichever kind its ASSIGN names. (When each worker ran one kind, a worker of
 * a kind with nothing left either idled or ran another kind's input on its own kind.) Stateless
 * and immutable.
 */
public final class ExecutorRouting {

    private final List<String> kinds;
    /** The kinds that run inputs one at a time: every kind but the session kinds. */
    private final List<String> inputKinds;

    /** @param kinds the campaign's executor kinds, in the order they are listed */
    public ExecutorRouting(List<String> kinds) {
        if (kinds.isEmpty()) {
            throw new IllegalArgumentException("a campaign has at least one executor kind");
        }
        this.kinds = List.copyOf(kinds);
        this.inputKinds = kinds.stream().filter(kind -> !ExecutorKind.isSession(kind)).toList();
    }

    /**
     * Whether any kind of the campaign runs inputs one at a time; if none does (a campaign of
     * fuzzing sessions alone), an input the campaign keeps becomes no work item.
     */
    public boolean runsInputs() {
        return !inputKinds.isEmpty();
    }

    /** The kind {@code item}'s next round runs on. */
    public String kindFor(WorkRecord item) {
        String chosen = item.roundKind();
        if (chosen != null && kinds.contains(chosen)) {
            return chosen;
        }
        return firstKind(item.origin());
    }

    /**
     * The kind the first round of an input found by {@code origin} runs on (null: a seed): the
     * first kind that runs inputs, for a seed; else the first such kind other than the origin, or
     * the first such kind if there is no other.
     *
     * @throws IllegalStateException if no kind of the campaign runs inputs ({@link #runsInputs})
     */
    public String firstKind(String origin) {
        if (inputKinds.isEmpty()) {
            throw new IllegalStateException("no executor kind of this campaign runs inputs: " + kinds);
        }
        if (origin == null) {
            return inputKinds.get(0);
        }
        return inputKinds.stream().filter(kind -> !kind.equals(origin)).findFirst().orElse(inputKinds.get(0));
    }
}
