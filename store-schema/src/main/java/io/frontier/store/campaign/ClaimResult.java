package io.frontier.store.campaign;

import io.frontier.store.record.WorkRecord;
import java.util.List;

/**
 * What a claim granted — each record {@code leased} to the caller under its own new token — and
 * the candidates it found blocked.
 */
public record ClaimResult(List<WorkRecord> granted, List<Blocked> blocked) {

    public ClaimResult {
        granted = List.copyOf(granted);
        blocked = List.copyOf(blocked);
    }
}
