package io.frontier.coordinator.dispatch;

import io.frontier.store.record.WorkRecord;
import java.util.List;

/**
 * Which kind of executor an input runs on in a hybrid campaign: the alternating policy. A seed
 * runs on the first kind listed; an input that one kind found runs on the first other kind. With
 * SymCC listed first and AFL++ second, SymCC runs every seed and every input AFL++ found (to solve
 * the branch conditions random mutation got stuck on), and AFL++ fuzzes around every input SymCC
 * found (to explore the new paths cheaply). With one kind, every input runs on it.
 *
 * <p>It is a rule, and it costs no worker time: every worker holds every executor of its
 * campaign and runs whichever kind its ASSIGN names. (When each worker ran one kind, a worker of
 * a kind with nothing left either idled or ran another kind's input on its own kind; a repeated
 * AFL++ round run by SymCC then ended that input's AFL++ rounds.) Stateless and immutable.
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

    /** The kind {@code item} runs on. */
    public String kindFor(WorkRecord item) {
        String origin = item.origin();
        if (origin == null) {
            return kinds.get(0);
        }
        return kinds.stream().filter(kind -> !kind.equals(origin)).findFirst().orElse(kinds.get(0));
    }
}
