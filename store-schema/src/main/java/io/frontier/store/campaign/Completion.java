package io.frontier.store.campaign;

import io.frontier.store.manifest.Outcome;
import io.frontier.store.manifest.ResultOutcome;
import io.frontier.store.corpus.Digest;
import io.frontier.store.record.WorkState;
import java.util.List;
import java.util.Objects;

/**
 * How a completion or abandonment ended: the outcome as stored, the children this call made
 * pending (none if {@code repeated}, i.e. an earlier call already ended the entry; its count is
 * {@code outcome.enqueued()}), and the state the item was left in.
 *
 * @param state the item's state after the call: {@code done} after a completion; after an
 *     abandonment {@code pending} (back in the queue as a new attempt) or {@code abandoned}
 *     (given up for good, its attempts used). A {@code repeated} call reports the state the item
 *     has now, which may have moved on from {@code pending} (the new attempt was claimed, or
 *     committed, or itself abandoned for good) but never back from {@code abandoned}
 */
public record Completion(ResultOutcome outcome, List<Digest> enqueued, boolean repeated, WorkState state) {

    public Completion {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(state, "state");
        enqueued = List.copyOf(enqueued);
    }

    /** True if the entry was abandoned and its work is not to be retried: no attempts are left. */
    public boolean abandonedForGood() {
        return outcome.outcome() == Outcome.ABANDONED && state == WorkState.ABANDONED;
    }
}
