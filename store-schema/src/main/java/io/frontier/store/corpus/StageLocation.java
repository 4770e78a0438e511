package io.frontier.store.corpus;

import java.util.regex.Pattern;

/**
 * Which stage a result was written to: the epoch of the job, the global MPI rank of the worker
 * and the result id. Each part becomes one path component (see {@link CorpusLayout#stage}), so
 * each is checked here to be a single, plain name.
 *
 * @param resultId 1 to 128 characters of {@code [A-Za-z0-9_-]}, not starting with {@code -}
 *     or {@code _}: never {@code .}, {@code ..}, hidden, or containing a separator
 */
public record StageLocation(long epoch, int globalRank, String resultId) {

    private static final Pattern RESULT_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_-]{0,127}");

    public StageLocation {
        if (epoch < 0) {
            throw InvalidStageLocationException.of("epoch", epoch);
        }
        if (globalRank < 0) {
            throw InvalidStageLocationException.of("globalRank", globalRank);
        }
        if (resultId == null || !RESULT_ID.matcher(resultId).matches()) {
            throw InvalidStageLocationException.of("resultId", resultId);
        }
    }
}
