package io.frontier.store.exploration;

import io.frontier.store.record.WorkRecord;
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
 * <p>It is a rule, and it costs no worker time: every worker holds every executor of its
 * campaign and runs whichever kind its ASSIGN names. (When each worker ran one kind, a worker of
 * a kind with nothing left either idled or ran another kind's input on its own kind.) Stateless
 * and immutable.
 */
public final class ExecutorRouting {

    private final List<String> kinds;

    /** @param kinds the campaign's executor kinds, in the order they are listed */
    public ExecutorRouting(List<String> kinds) {
        if (kinds.isEmpty()) {
            throw new IllegalArgumentException("a campaign has at least one executor kind");
        }
        this.kinds = List.copyOf(kinds);
    }

    /** The kind {@code item}'s next round runs on. */
    public String kindFor(WorkRecord item) {
        String chosen = item.roundKind();
        if (chosen != null && kinds.contains(chosen)) {
            return chosen;
        }
        return firstKind(item.origin());
    }

    /** The kind the first round of an input found by {@code origin} runs on (null: a seed). */
    public String firstKind(String origin) {
        if (origin == null) {
            return kinds.get(0);
        }
        return kinds.stream().filter(kind -> !kind.equals(origin)).findFirst().orElse(kinds.get(0));
    }
}
