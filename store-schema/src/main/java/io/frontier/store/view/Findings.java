package io.frontier.store.view;

import io.frontier.store.campaign.Blocked;
import java.util.List;

/**
 * Every finding of a campaign, grouped by signature in signature order, and the finding entries
 * that could not be read, in key order.
 */
public record Findings(List<FindingGroup> groups, List<Blocked> blocked) {

    public Findings {
        groups = List.copyOf(groups);
        blocked = List.copyOf(blocked);
    }

    /** How many inputs were listed, over all signatures. */
    public long count() {
        return groups.stream().mapToLong(FindingGroup::count).sum();
    }
}
