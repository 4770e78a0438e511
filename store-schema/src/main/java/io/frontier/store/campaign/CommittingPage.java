package io.frontier.store.campaign;

import io.frontier.store.corpus.Digest;
import java.util.List;

/**
 * One page of the committing index, in work id order: the entries that could be read, and those
 * found blocked (an index entry, work record, result index or manifest entry that cannot be read
 * or that disagrees with the others), which stay exactly as they are.
 *
 * @param next the cursor to pass for the following page, or null when this page reached the end
 *     of the index
 */
public record CommittingPage(List<CommittingEntry> entries, List<Blocked> blocked, Digest next) {

    public CommittingPage {
        entries = List.copyOf(entries);
        blocked = List.copyOf(blocked);
    }

    /** True if the index may hold entries after this page. */
    public boolean hasNext() {
        return next != null;
    }
}
