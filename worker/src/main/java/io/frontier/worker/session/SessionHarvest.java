package io.frontier.worker.session;

import io.frontier.worker.executor.ExecutorException;
import io.frontier.worker.executor.ExitKind;
import io.frontier.worker.executor.OutputEnd;
import io.frontier.worker.executor.process.Signals;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one AFL++ instance saved since the last harvest: copies the new entries of its
 * {@code crashes/}, {@code hangs/} and {@code queue/} directories into a caller's output directory
 * as {@code crash-NNNNNN}, {@code hang-NNNNNN} and {@code queue-NNNNNN} (NNNNNN: AFL++'s id of the
 * entry in its directory), crashes first, then hangs, then queue entries.
 *
 * <p>Invariants, per directory: ids up to the watermark have been taken or passed over, ids above
 * it have not; an entry is never taken twice, and never passed over unless it is not the
 * instance's own find. What the limit of a call leaves stays for the next call. Passed over for
 * good: names not of AFL++'s form {@code id:NNNNNN,...} (its {@code README.txt}, the queue's
 * {@code .state/}), and queue entries that are not finds of this instance: the seeds it started
 * from ({@code ,orig:}) and the inputs it imported ({@code ,sync:}), which the campaign already
 * has. An imported input that crashed or hung is taken: that it crashes under AFL++'s build is
 * news to the campaign.
 *
 * <p>AFL++ writes an entry and only then starts the next one, so every id below the highest of a
 * directory is complete. The highest may be half-written when the instance was stopped: it is
 * taken only once the writer has ended, or at a later harvest, when a higher id exists.
 *
 * <p>The watermarks live in memory, as long as this object: one harvest per instance, used by one
 * thread. A call whose copying fails moves no watermark.
 */
public final class SessionHarvest {

    /** {@code id:} and six digits or more, then a comma and AFL++'s description of the entry. */
    private static final Pattern ENTRY = Pattern.compile("id:(\\d{6,18}),(.*)");
    /** AFL++ names a crash {@code id:NNNNNN,sig:NN,...} after the signal that ended the target. */
    private static final Pattern SIGNAL = Pattern.compile("(?:^|,)sig:(\\d{1,3})(?:,|$)");
    private static final String SEED_MARK = "orig:";
    private static final String IMPORT_MARK = "sync:";

    /** The directories of an instance, in the order they are harvested, with the names given to their entries. */
    private enum Source {
        CRASHES("crashes", "crash-"),
        HANGS("hangs", "hang-"),
        QUEUE("queue", "queue-");

        final String directory;
        final String prefix;

        Source(String directory, String prefix) {
            this.directory = directory;
            this.prefix = prefix;
        }
    }

    /**
     * What one call took.
     *
     * @param outputs      the files written into the output directory, in the order taken
     * @param ends         for each crash and hang among them, how AFL++ saw the target end: a
     *                     crash by the signal in its name (SIGSEGV for a name without one), a
     *                     hang by its time-out
     * @param more         whether entries that could be taken now were left for a later call by
     *                     the limit
     */
    public record Taken(List<Path> outputs, Map<Path, OutputEnd> ends, boolean more) {

        public Taken {
            outputs = List.copyOf(outputs);
            ends = Map.copyOf(ends);
        }
    }

    private record Entry(long id, String description, Path path) {
    }

    private final Path instance;
    /** Per source, the highest id taken or passed over; -1 before the first. */
    private final Map<Source, Long> watermarks = new HashMap<>();

    /** A harvest of the instance directory {@code instance} ({@code <sync dir>/<name>}), of which nothing is taken yet. */
    public SessionHarvest(Path instance) {
        this.instance = instance;
        for (Source source : Source.values()) {
            watermarks.put(source, -1L);
        }
    }

    /**
     * Copies at most {@code maxOutputs} new entries into {@code outputs}.
     *
     * @param outputs      an output directory that is absent (it is created) or empty
     * @param maxOutputs   at least 1
     * @param writerEnded  whether the instance has ended, so that the highest entry of each
     *                     directory is complete
     * @throws ExecutorException when the output directory is not empty, or an entry could not be
     *                           copied: no watermark moves, and the copies already made are left
     *                           for the caller to discard with its output directory
     */
    public Taken collect(Path outputs, int maxOutputs, boolean writerEnded) {
        if (maxOutputs < 1) {
            throw new IllegalArgumentException("a harvest takes at least one output, got " + maxOutputs);
        }
        Path out = prepare(outputs);
        Map<Path, Path> copies = new LinkedHashMap<>();
        Map<Path, OutputEnd> ends = new LinkedHashMap<>();
        Map<Source, Long> moved = new HashMap<>(watermarks);
        boolean more = false;
        for (Source source : Source.values()) {
            List<Entry> entries = entries(instance.resolve(source.directory));
            long highest = entries.isEmpty() ? -1 : entries.get(entries.size() - 1).id();
            for (Entry entry : entries) {
                if (entry.id() <= moved.get(source)) {
                    continue;
                }
                if (!writerEnded && entry.id() == highest) {
                    break;
                }
                if (source == Source.QUEUE && notAFind(entry)) {
                    moved.put(source, entry.id());
                    continue;
                }
                if (copies.size() == maxOutputs) {
                    more = true;
                    break;
                }
                Path target = out.resolve(source.prefix + String.format("%06d", entry.id()));
                copies.put(entry.path(), target);
                if (source == Source.CRASHES) {
                    Matcher signal = SIGNAL.matcher(entry.description());
                    int number = signal.find() ? Integer.parseInt(signal.group(1)) : 0;
                    ends.put(target, new OutputEnd(ExitKind.CRASH,
                            number >= 1 && number <= 127 ? number : Signals.SIGSEGV));
                } else if (source == Source.HANGS) {
                    ends.put(target, new OutputEnd(ExitKind.TIMEOUT, 0));
                }
                moved.put(source, entry.id());
            }
        }
        for (Map.Entry<Path, Path> copy : copies.entrySet()) {
            try {
                Files.copy(copy.getKey(), copy.getValue());
            } catch (IOException e) {
                throw new ExecutorException("afl session entry could not be copied", e).with("entry", copy.getKey())
                        .with("output", copy.getValue()).with("problem", e.toString());
            }
        }
        watermarks.putAll(moved);
        return new Taken(new ArrayList<>(copies.values()), ends, more);
    }

    private static boolean notAFind(Entry entry) {
        String description = entry.description();
        return description.startsWith(SEED_MARK) || description.contains("," + SEED_MARK)
                || description.startsWith(IMPORT_MARK) || description.contains("," + IMPORT_MARK);
    }

    /** The entries of AFL++'s form in {@code directory}, by id; none when AFL++ has not created it. */
    private static List<Entry> entries(Path directory) {
        List<Entry> entries = new ArrayList<>();
        if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
            return entries;
        }
        try (DirectoryStream<Path> listing = Files.newDirectoryStream(directory, "id:*")) {
            for (Path path : listing) {
                Matcher name = ENTRY.matcher(path.getFileName().toString());
                if (name.matches() && Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
                    entries.add(new Entry(Long.parseLong(name.group(1)), name.group(2), path));
                }
            }
        } catch (IOException e) {
            throw new ExecutorException("afl session directory could not be listed", e).with("directory", directory)
                    .with("problem", e.toString());
        }
        entries.sort(Comparator.comparingLong(Entry::id));
        return entries;
    }

    private static Path prepare(Path outputs) {
        Path absolute = outputs.toAbsolutePath().normalize();
        try {
            Files.createDirectories(absolute);
            try (DirectoryStream<Path> listing = Files.newDirectoryStream(absolute)) {
                if (listing.iterator().hasNext()) {
                    throw new ExecutorException("output directory is not empty").with("outputDirectory", absolute);
                }
            }
        } catch (IOException e) {
            throw new ExecutorException("output directory could not be prepared", e).with("outputDirectory", absolute)
                    .with("problem", e.toString());
        }
        return absolute;
    }
}
