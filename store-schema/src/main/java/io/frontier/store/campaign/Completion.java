package io.frontier.store.campaign;

import io.frontier.store.manifest.ResultOutcome;
import io.frontier.store.record.WorkId;
import java.util.List;

/**
 * How a completion or abandonment ended: the outcome as stored, and the children this call made
 * pending (none if {@code repeated}, i.e. an earlier call already ended the entry; its count is
 * {@code outcome.enqueued()}).
 */
public record Completion(ResultOutcome outcome, List<WorkId> enqueued, boolean repeated) {

    public Completion {
        enqueued = List.copyOf(enqueued);
    }
}
