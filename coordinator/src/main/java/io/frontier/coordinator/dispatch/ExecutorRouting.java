package io.frontier.coordinator.dispatch;

import io.frontier.store.exploration.ExplorationPolicy;
import io.frontier.store.exploration.Rounds;
import io.frontier.store.exploration.Tier;
import io.frontier.store.record.WorkRecord;
import java.util.List;
import java.util.Optional;

/**
 * Which kind of executor each round of an input runs on: the alternating policy. A seed runs on
 * the first kind listed; an input that one kind found runs on the first other kind. With SymCC
 * listed first and AFL++ second, SymCC runs every seed and every input AFL++ found (to solve the
 * branch conditions random mutation got stuck on), and AFL++ fuzzes around every input SymCC
 * found (to explore the new paths cheaply). With one kind, every input runs on it.
 *
 * <p>A repeat round (tier {@link Tier#REPEAT}) runs on the policy's repeat kind when the
 * campaign has one ({@link Rounds#repeatKind}): in a hybrid campaign AFL++, whichever kind ran
 * the input first. Under alternation alone AFL++ would never fuzz an input it found itself, while
 * AFL++ alone goes deep by fuzzing its own finds with longer and longer runs. A retry after a
 * time-out runs on the kind of the input's first round.
 *
 * <p>It is a rule, and it costs no worker time: every worker holds every executor of its
 * campaign and runs whichever kind its ASSIGN names. (When each worker ran one kind, a worker of
 * a kind with nothing left either idled or ran another kind's input on its own kind.) Stateless
 * and immutable.
 */
public final class ExecutorRouting {

    private final List<String> kinds;
    private final Optional<String> repeatKind;

    /**
     * @param kinds  the campaign's executor kinds, in the order they are listed
     * @param policy the campaign's exploration policy, which says where repeat rounds run
     */
    public ExecutorRouting(List<String> kinds, ExplorationPolicy policy) {
        if (kinds.isEmpty()) {
            throw new IllegalArgumentException("a campaign has at least one executor kind");
        }
        this.kinds = List.copyOf(kinds);
        this.repeatKind = new Rounds(policy).repeatKind(this.kinds);
    }

    /** The kind {@code item}'s next round runs on. */
    public String kindFor(WorkRecord item) {
        if (item.tier() == Tier.REPEAT && repeatKind.isPresent()) {
            return repeatKind.get();
        }
        String origin = item.origin();
        if (origin == null) {
            return kinds.get(0);
        }
        return kinds.stream().filter(kind -> !kind.equals(origin)).findFirst().orElse(kinds.get(0));
    }
}
