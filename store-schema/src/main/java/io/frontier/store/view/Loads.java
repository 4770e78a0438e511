package io.frontier.store.view;

import io.frontier.store.campaign.Blocked;
import java.util.List;

/**
 * The load of every coordinator that ever committed in the campaign.
 *
 * @param loads one per coordinator, in owner name order
 * @param blocked load keys that name no owner, not counted
 */
public record Loads(List<Load> loads, List<Blocked> blocked) {

    public Loads {
        loads = List.copyOf(loads);
        blocked = List.copyOf(blocked);
    }

    /** Executions committed by all coordinators together. */
    public long total() {
        return loads.stream().mapToLong(Load::executions).sum();
    }
}
