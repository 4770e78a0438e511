package io.frontier.store.campaign;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * What one commit-decision transaction did with the requests it was given.
 *
 * @param results one per request, in order: the decision or the refusal, or null for a request
 *     left for the next transaction because the edge map shards this one may write were used up
 * @param unmerged edge map bits, per shard, that requests this transaction admitted but that it
 *     could not merge itself without writing more than its share of shards; the caller merges
 *     them in transactions of their own right after it
 */
record CommitRound(List<ItemResult<CommitTicket>> results, Map<Integer, byte[]> unmerged) {

    CommitRound {
        results = Collections.unmodifiableList(new ArrayList<>(results));
        unmerged = Map.copyOf(unmerged);
    }
}
