package io.frontier.store.view;

import io.frontier.store.campaign.Blocked;
import java.util.List;

/**
 * One page of a state's index: the items that could be read, in index order, and the index
 * entries found blocked (an undecodable key or record, or a record in another state than its
 * index says).
 *
 * @param next the cursor for the following page, or null when this page reached the end of the
 *     index
 */
public record WorkPage(List<WorkItem> items, List<Blocked> blocked, WorkCursor next) {

    public WorkPage {
        items = List.copyOf(items);
        blocked = List.copyOf(blocked);
    }

    /** True if the index may hold entries after this page. */
    public boolean hasNext() {
        return next != null;
    }
}
