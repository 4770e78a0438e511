package io.frontier.store.corpus.seed;

import io.frontier.store.corpus.ObjectDirectory;
import io.frontier.store.corpus.Published;
import io.frontier.store.corpus.fs.CorpusIoException;
import io.frontier.store.corpus.fs.UnreadableFileException;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Scans one flat directory of external seeds, with arbitrary file names, and publishes each
 * seed into the corpus by content: each regular file, and each symbolic link that leads to a
 * regular file (the file it ends at is read).
 *
 * <p>Invariant: a file is remembered as imported only if it was published and its identity
 * (inode, size, modification time; a link's target's) was the same before and after it was
 * read; a file that could not be read, or changed while read, is tried again on the next scan,
 * and so is a link pointed at another file. Entries that are no seeds (directories, special
 * files, dangling links, links to anything but a regular file) are reported as skipped, with
 * the reason; subdirectories are not descended into. The memory lasts as long as this scanner
 * and forgets entries that leave the directory. A scan limited to a slice goes on, at the next
 * call, where the last one stopped ({@link #scan(int)}).
 *
 * <p>Not thread-safe: one owner calls {@link #scan} repeatedly (a coordinator's refresh).
 */
public final class SeedScanner {

    private final Path seedDirectory;
    private final ObjectDirectory corpus;
    /** Files imported by this scanner, with the identity they had when read. */
    private final Map<Path, SeedIdentity> imported = new HashMap<>();
    /** The entries of the pass under way, in name order; null between passes. */
    private List<Path> pass;
    /** Where in {@link #pass} the next slice begins. */
    private int next;
    /** What the pass under way skipped so far, in name order. */
    private final List<SeedScan.Skipped> passSkipped = new ArrayList<>();
    /** How many files the pass under way found unchanged so far. */
    private int passUnchanged;

    public SeedScanner(Path seedDirectory, ObjectDirectory corpus) {
        this.seedDirectory = seedDirectory;
        this.corpus = corpus;
    }

    /**
     * Publishes every regular file that is new or changed since the last scan.
     *
     * @throws CorpusIoException if the seed directory cannot be listed, or the corpus cannot be
     *     written (a corpus failure is not a seed's fault, so it stops the scan)
     */
    public SeedScan scan() {
        return scan(Integer.MAX_VALUE);
    }

    /**
     * Publishes regular files that are new or changed since the last pass, in name order, and
     * stops after {@code publishLimit} of them: the scan is then not complete, and the next one
     * goes on with the next entry of the same listing, so that a directory of n seeds taken in
     * slices is listed and examined once, not once a slice (with 2,000 seeds in slices of 32,
     * re-walking from the first entry sorted the listing 63 times and examined a seed about 30
     * times). The scan that reaches the end of the listing is complete, and the one after it
     * lists the directory again. An entry that left the directory since it was listed is passed
     * over; one added meanwhile waits for the next pass. The skipped entries and the count of
     * unchanged files are the pass's so far; the imported and unreadable ones, this call's. Each
     * published file costs a durable write, so a caller with work waiting takes the directory in
     * slices.
     *
     * @throws CorpusIoException as {@link #scan()}
     */
    public SeedScan scan(int publishLimit) {
        if (publishLimit < 1) {
            throw new IllegalArgumentException("a scan publishes at least one file, got " + publishLimit);
        }
        Slice slice = new Slice();
        if (pass == null) {
            TreeSet<Path> entries = listEntries();
            imported.keySet().retainAll(entries);
            pass = new ArrayList<>(entries);
            next = 0;
            passSkipped.clear();
            passUnchanged = 0;
        }
        while (next < pass.size()) {
            if (slice.imported.size() == publishLimit) {
                return slice.end(false);
            }
            Path entry = pass.get(next++);
            SeedEntries.Examined examined;
            try {
                examined = SeedEntries.examine(entry);
            } catch (NoSuchFileException gone) {
                imported.remove(entry);
                continue;
            } catch (IOException e) {
                slice.unreadable.add(new SeedScan.Unreadable(entry, e.toString()));
                continue;
            }
            if (examined instanceof SeedEntries.NotASeed not) {
                passSkipped.add(new SeedScan.Skipped(entry, not.type(), not.reason()));
                continue;
            }
            SeedEntries.Seed seed = (SeedEntries.Seed) examined;
            SeedIdentity identity = SeedIdentity.of(seed.attributes());
            if (identity.equals(imported.get(entry))) {
                passUnchanged++;
                continue;
            }
            Published published;
            imported.remove(entry);
            try {
                published = corpus.publishUnsynced(seed.source());
            } catch (UnreadableFileException e) {
                slice.unreadable.add(new SeedScan.Unreadable(entry, e.context().getOrDefault("error", e.getMessage())));
                continue;
            }
            slice.imported.add(new SeedScan.Imported(entry, published.digest(), published.size(), published.created()));
            if (identityNow(seed.source()).filter(identity::equals).isPresent()) {
                slice.identities.put(entry, identity);
            }
        }
        pass = null;
        return slice.end(true);
    }

    /**
     * What one call published. Its names become durable together, with one fsync of the corpus
     * directory as the call ends, not one per seed; only then does the scanner remember its files
     * as imported, so that a failed fsync leaves them to be published again by the next pass.
     */
    private final class Slice {

        final List<SeedScan.Imported> imported = new ArrayList<>();
        final List<SeedScan.Unreadable> unreadable = new ArrayList<>();
        /** The identities of the files published unchanged while they were read. */
        final Map<Path, SeedIdentity> identities = new HashMap<>();

        SeedScan end(boolean complete) {
            if (!imported.isEmpty()) {
                corpus.syncDirectory();
            }
            SeedScanner.this.imported.putAll(identities);
            return new SeedScan(imported, passSkipped, unreadable, passUnchanged, complete);
        }
    }

    private TreeSet<Path> listEntries() {
        TreeSet<Path> entries = new TreeSet<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(seedDirectory)) {
            for (Path entry : stream) {
                entries.add(entry);
            }
        } catch (IOException e) {
            throw CorpusIoException.of("cannot list seed directory", seedDirectory, e);
        }
        return entries;
    }

    private static Optional<SeedIdentity> identityNow(Path entry) {
        try {
            return Optional.of(SeedIdentity.of(
                    Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
