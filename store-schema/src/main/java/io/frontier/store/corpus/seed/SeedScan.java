package io.frontier.store.corpus.seed;

import io.frontier.store.corpus.Digest;
import io.frontier.store.corpus.EntryType;
import java.nio.file.Path;
import java.util.List;

/**
 * What one scan of a seed directory did. Every entry the scan looked at is in exactly one of
 * the lists, or counted as unchanged; a complete scan looked at every entry of the directory.
 *
 * @param imported regular files published into the corpus by this scan
 * @param skipped entries that are no seeds (neither a regular file nor a symbolic link to one);
 *     they are not imported, and examined again by the next scan
 * @param unreadable regular files that could not be read now; the next scan tries them again
 * @param unchanged regular files imported by an earlier scan and not changed since
 * @param complete false if the scan stopped at its publish limit before the last entry
 */
public record SeedScan(List<Imported> imported, List<Skipped> skipped, List<Unreadable> unreadable, int unchanged,
                       boolean complete) {

    public SeedScan {
        imported = List.copyOf(imported);
        skipped = List.copyOf(skipped);
        unreadable = List.copyOf(unreadable);
    }

    /**
     * A seed now in the corpus.
     *
     * @param path the entry of the seed directory (a symbolic link's own path, not its target's)
     * @param created false if the corpus already held these bytes (verified)
     */
    public record Imported(Path path, Digest digest, long size, boolean created) {
    }

    /**
     * An entry that is no seed.
     *
     * @param type the entry's own type (a link is {@link EntryType#SYMBOLIC_LINK} whatever it points at)
     * @param reason why it is no seed, in words: its type, or what a link points at or that it dangles
     */
    public record Skipped(Path path, EntryType type, String reason) {
    }

    /** A regular file that could not be read, and why. */
    public record Unreadable(Path path, String reason) {
    }
}
