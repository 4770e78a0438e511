package io.frontier.tools.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * When each input plain AFL++ kept appeared, to within one checkpoint, as {@link CorpusTimeline}
 * tells it for a campaign: the seeds are kept at 0 s, and each later listing of the sync
 * directory adds the entries of every instance's {@code queue/}, {@code crashes/} and
 * {@code hangs/} that no listing saw before. AFL++ never removes an entry while it runs (trimming
 * may rewrite an entry's content, never its coverage), so the union of the first k deltas is
 * what the instances had kept by listing k. An instance's copies of the seeds are left out: the
 * seeds themselves are counted at 0 s.
 *
 * <p>Beside the listings, each entry's own time says when it was written: the {@code time} field
 * of its name ({@link AflEntryName}), else its modification time since the start.
 * {@link #agreement()} tells how often the two put an entry at the same checkpoint. The listings
 * are what the curve is drawn from: an entry's own time is counted from its instance's start of
 * fuzzing, after its calibration, so it runs behind the listings' clock, and an input taken from
 * another instance has no time field.
 *
 * <p>The caller takes the listings at its checkpoints; not safe for concurrent use.
 */
final class AflSyncTimeline {

    private static final List<String> ENTRY_DIRECTORIES = List.of("queue", "crashes", "hangs");

    private final Path syncDirectory;
    private final List<Path> seeds;
    private final long startEpochMillis;
    /** Every entry listed so far, with the index of the listing that saw it first. */
    private final Map<Path, Integer> firstListed = new LinkedHashMap<>();
    private final List<Listing> listings = new ArrayList<>();

    /** What one listing found: its time from the start and the files it saw first. */
    record Listing(double seconds, List<Path> added) {
    }

    /**
     * How the entries' own times agree with the listings: of {@code entries}, {@code timedByName}
     * carry a {@code time} field and the others were timed by their modification time; the own
     * time puts {@code same} at the checkpoint of the listing that saw them first, {@code earlier}
     * at an earlier one and {@code later} at a later one (or after the last).
     */
    record Agreement(int entries, int timedByName, int timedByModification, int same, int earlier, int later) {
    }

    /**
     * @param seeds the seed files, kept at the first listing
     * @param startEpochMillis the wall-clock time of 0 s, for modification times
     */
    AflSyncTimeline(Path syncDirectory, List<Path> seeds, long startEpochMillis) {
        this.syncDirectory = syncDirectory;
        this.seeds = List.copyOf(seeds);
        this.startEpochMillis = startEpochMillis;
    }

    /** Lists the sync directory at {@code seconds} from the start; the first listing also keeps the seeds. */
    void take(double seconds) {
        List<Path> added = new ArrayList<>(listings.isEmpty() ? seeds : List.of());
        for (Path entry : entries()) {
            if (firstListed.putIfAbsent(entry, listings.size()) == null) {
                added.add(entry);
            }
        }
        listings.add(new Listing(seconds, List.copyOf(added)));
    }

    List<Listing> listings() {
        return List.copyOf(listings);
    }

    Agreement agreement() {
        int byName = 0;
        int same = 0;
        int earlier = 0;
        int later = 0;
        for (Map.Entry<Path, Integer> listed : firstListed.entrySet()) {
            OptionalLong nameTime = AflEntryName.timeMillis(listed.getKey().getFileName().toString());
            if (nameTime.isPresent()) {
                byName++;
            }
            long millis = nameTime.isPresent() ? nameTime.getAsLong() : modificationMillis(listed.getKey());
            int own = listingAt(millis);
            if (own == listed.getValue()) {
                same++;
            } else if (own < listed.getValue()) {
                earlier++;
            } else {
                later++;
            }
        }
        return new Agreement(firstListed.size(), byName, firstListed.size() - byName, same, earlier, later);
    }

    /** The first listing taken at or after {@code millis} from the start; past the last, one more. */
    private int listingAt(long millis) {
        for (int i = 0; i < listings.size(); i++) {
            if (listings.get(i).seconds() * 1000 >= millis) {
                return i;
            }
        }
        return listings.size();
    }

    private long modificationMillis(Path entry) {
        try {
            return Files.getLastModifiedTime(entry).toMillis() - startEpochMillis;
        } catch (IOException e) {
            throw new UncheckedIOException("AFL++ entry cannot be read: " + entry, e);
        }
    }

    /** Every entry of every instance, in a fixed order, its seed copies left out. */
    private List<Path> entries() {
        List<Path> entries = new ArrayList<>();
        for (Path instance : sorted(syncDirectory)) {
            if (instance.getFileName().toString().startsWith(".")) {
                continue;
            }
            for (String kind : ENTRY_DIRECTORIES) {
                for (Path entry : sorted(instance.resolve(kind))) {
                    String name = entry.getFileName().toString();
                    if (AflEntryName.isEntry(name) && !AflEntryName.isSeedCopy(name) && Files.isRegularFile(entry)) {
                        entries.add(entry);
                    }
                }
            }
        }
        return entries;
    }

    private static List<Path> sorted(Path directory) {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(directory)) {
            return children.sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("AFL++ output directory cannot be listed: " + directory, e);
        }
    }
}
