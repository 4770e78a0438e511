package io.frontier.store.view;

import io.frontier.store.campaign.Blocked;
import java.util.List;

/**
 * One page of the manifest in commit order: the entries that could be read, and those found
 * blocked (a head, child chunk, promotion bitmap or outcome that cannot be read, or that
 * disagree), in the order met.
 *
 * @param next the cursor for the following page, or null when this page reached the end of the
 *     manifest as it was when read (entries committed later follow it)
 */
public record ManifestPage(List<ManifestRecord> records, List<Blocked> blocked, EntryId next) {

    public ManifestPage {
        records = List.copyOf(records);
        blocked = List.copyOf(blocked);
    }

    /** True if the manifest may hold entries after this page. */
    public boolean hasNext() {
        return next != null;
    }
}
