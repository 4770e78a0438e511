package io.frontier.tools.manifest;

import io.frontier.tools.BlockedEntry;
import java.util.List;

/**
 * What {@code frontier manifest list} prints with {@code --json}.
 *
 * @param blocked entries met on the way that cannot be read
 * @param next pass it as {@code --after} to list on; null when the listing reached the end
 */
public record ManifestListing(List<EntrySummary> entries, List<BlockedEntry> blocked, String next) {
}
