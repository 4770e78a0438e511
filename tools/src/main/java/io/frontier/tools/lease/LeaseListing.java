package io.frontier.tools.lease;

import io.frontier.tools.BlockedEntry;
import java.util.List;
import java.util.Map;

/**
 * What {@code frontier leases} prints with {@code --json}.
 *
 * @param currentEpoch the campaign's epoch when read
 * @param items the items shown, by state in the order asked, each state in its index order
 * @param counts every item of each state listed, from the store's counters (more than shown when
 *     the listing was limited or filtered)
 * @param truncated true if more items matched than {@code --limit} allowed
 * @param blocked index entries met on the way that cannot be read
 */
public record LeaseListing(long currentEpoch, List<LeaseLine> items, Map<String, Long> counts, boolean truncated,
                           List<BlockedEntry> blocked) {
}
