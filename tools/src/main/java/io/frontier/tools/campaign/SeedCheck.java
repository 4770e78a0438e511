package io.frontier.tools.campaign;

import io.frontier.store.corpus.seed.SeedScan;
import io.frontier.store.corpus.seed.SeedSurvey;
import io.frontier.store.error.FrontierException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The check of a seed directory before a campaign is created from it: a campaign without a seed
 * would start, find nothing to run and end "successfully" after 0 executions, so a directory
 * that holds no seed (no regular file, no symbolic link to one) is refused, naming the directory
 * and the entries that are no seeds. Entries that are no seeds beside real seeds are only
 * reported.
 */
public final class SeedCheck {

    /** Entries named in a refusal; the rest are counted. */
    private static final int NAMED = 5;

    private SeedCheck() {
    }

    /**
     * The survey of {@code seedDirectory}, or a failure if it holds no seed.
     *
     * @throws FrontierException if no entry is a seed, or the directory cannot be listed
     */
    public static SeedSurvey requireSeeds(Path seedDirectory) {
        SeedSurvey survey = SeedSurvey.of(seedDirectory);
        if (survey.seeds() > 0) {
            return survey;
        }
        FrontierException refusal = new FrontierException("seed directory holds no seed: a campaign needs at least one"
                + " regular file, or symbolic link to one, in it to start from").with("seeds", seedDirectory)
                .with("entries", survey.skipped().size() + survey.unreadable().size());
        String named = Stream.concat(
                        survey.skipped().stream().map(skipped -> skipped.path().getFileName() + ": " + skipped.reason()),
                        survey.unreadable().stream().map(entry -> entry.path().getFileName() + " cannot be examined: "
                                + entry.reason()))
                .limit(NAMED).collect(Collectors.joining("; "));
        throw named.isEmpty() ? refusal : refusal.with("notSeeds", named);
    }

    /** Writes one line to {@code err} for every entry of {@code survey} that is no seed. */
    public static void report(SeedSurvey survey, PrintWriter err) {
        for (SeedScan.Skipped skipped : survey.skipped()) {
            err.printf("frontier: seed directory entry not admitted: %s: %s%n", skipped.path(), skipped.reason());
        }
        for (SeedScan.Unreadable unreadable : survey.unreadable()) {
            err.printf("frontier: seed directory entry cannot be examined now (tried again at every scan): %s: %s%n",
                    unreadable.path(), unreadable.reason());
        }
        err.flush();
    }
}
