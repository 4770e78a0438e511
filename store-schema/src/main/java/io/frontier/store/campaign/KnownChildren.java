package io.frontier.store.campaign;

import io.frontier.store.corpus.Digest;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.ExecutorCounter;
import io.frontier.store.kv.Transaction;
import io.frontier.store.record.Owner;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The children that the commit decisions of one transaction let join the frontier on their own
 * (they reached new coverage, or carried none to judge) and, once every decision is taken, how
 * many of them are copies: known as work already, or declared by an earlier decision of the same
 * transaction, so that completion will not enqueue them. Each copy is added to
 * {@link ExecutorCounter#KNOWN_BEFORE} of the coordinator and executor kind that declared it.
 *
 * <p>The work keys are read by snapshot, all in one read, so counting costs one round trip per
 * transaction and conflicts with nothing. A copy whose first finder's decision is taken but not
 * yet completed (in another transaction) is not counted: the figure is a lower bound. Children
 * that reached nothing new are left out, whatever the exploration mode made of them: they are
 * counted as {@link ExecutorCounter#REDUNDANT} already, and a child is counted once at most.
 * One instance per execution of a transaction body.
 */
final class KnownChildren {

    private final CampaignKeys keys;
    /** Each child offered, in order, with the first decision that declared it. */
    private final Map<Digest, Declarer> first = new LinkedHashMap<>();
    private final Map<Declarer, Long> copies = new HashMap<>();

    KnownChildren(CampaignKeys keys) {
        this.keys = keys;
    }

    /**
     * The children one decision (of {@code owner}, for an execution of {@code executor}) let join
     * the frontier on their own; call it only once the decision can no longer be refused.
     */
    void offer(Owner owner, String executor, List<Digest> children) {
        Declarer declarer = new Declarer(owner, executor);
        for (Digest child : children) {
            if (first.putIfAbsent(child, declarer) != null) {
                copies.merge(declarer, 1L, Long::sum);
            }
        }
    }

    /** Reads which offered children are work already and adds every copy to its declarer's count. */
    void count(Transaction tx) {
        if (first.isEmpty()) {
            return;
        }
        List<Digest> children = new ArrayList<>(first.keySet());
        List<byte[]> records = tx.snapshot().getAll(children.stream().map(keys::work).toList());
        for (int i = 0; i < children.size(); i++) {
            if (records.get(i) != null) {
                copies.merge(first.get(children.get(i)), 1L, Long::sum);
            }
        }
        copies.forEach((declarer, amount) -> tx.add(
                keys.executorCount(declarer.owner(), declarer.executor(), ExecutorCounter.KNOWN_BEFORE), amount));
    }

    private record Declarer(Owner owner, String executor) {
    }
}
