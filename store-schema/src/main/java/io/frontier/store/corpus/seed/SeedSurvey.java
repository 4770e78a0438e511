package io.frontier.store.corpus.seed;

import io.frontier.store.corpus.fs.CorpusIoException;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * What a seed directory holds, examined without reading any file and without touching the
 * corpus: how many entries are seeds (as {@link SeedScanner} would import them), and the others
 * with the reason each is no seed. For the checks before a campaign is created.
 *
 * @param directory the seed directory
 * @param seeds entries that are seeds: regular files and symbolic links to regular files
 * @param skipped entries that are no seeds, in name order
 * @param unreadable entries that could not be examined, in name order
 */
public record SeedSurvey(Path directory, int seeds, List<SeedScan.Skipped> skipped,
                         List<SeedScan.Unreadable> unreadable) {

    public SeedSurvey {
        skipped = List.copyOf(skipped);
        unreadable = List.copyOf(unreadable);
    }

    /**
     * Examines every entry of {@code directory}.
     *
     * @throws CorpusIoException if the directory cannot be listed
     */
    public static SeedSurvey of(Path directory) {
        TreeSet<Path> entries = new TreeSet<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(directory)) {
            stream.forEach(entries::add);
        } catch (IOException e) {
            throw CorpusIoException.of("cannot list seed directory", directory, e);
        }
        int seeds = 0;
        List<SeedScan.Skipped> skipped = new ArrayList<>();
        List<SeedScan.Unreadable> unreadable = new ArrayList<>();
        for (Path entry : entries) {
            try {
                if (SeedEntries.examine(entry) instanceof SeedEntries.NotASeed not) {
                    skipped.add(new SeedScan.Skipped(entry, not.type(), not.reason()));
                } else {
                    seeds++;
                }
            } catch (IOException e) {
                unreadable.add(new SeedScan.Unreadable(entry, e.toString()));
            }
        }
        return new SeedSurvey(directory, seeds, skipped, unreadable);
    }
}
