package io.frontier.worker.session;

import io.frontier.worker.executor.process.Termination;
import io.frontier.worker.executor.OutputEnd;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What one slice of a session yielded and how the instance stands afterwards. Lives as long as
 * the caller needs it to commit the slice; the outputs are files in the caller's output directory.
 *
 * @param outputs      the entries harvested, in the order taken (crashes, hangs, queue), named
 *                     {@code crash-NNNNNN}, {@code hang-NNNNNN} and {@code queue-NNNNNN}
 * @param ends         how the target ended on each crash and hang among the outputs, as AFL++
 *                     saw it: such an output is a finding even when a re-run does not reproduce it
 * @param more         whether the output limit left entries for the next harvest
 * @param wallTime     from the resume to the pause of the instance (zero for a harvest without a
 *                     slice)
 * @param termination  how {@code afl-fuzz} ended, or empty when it is still alive (and paused)
 * @param execsDone    executions of the target so far, and
 * @param corpusCount  entries of the instance's queue, as AFL++ last wrote them into its
 *                     {@code fuzzer_stats} (at start, then at most once a minute, and at exit):
 *                     diagnostics, which may lag by a minute
 */
public record SliceOutcome(List<Path> outputs, Map<Path, OutputEnd> ends, boolean more, Duration wallTime,
                           Optional<Termination> termination, OptionalLong execsDone, OptionalLong corpusCount) {

    public SliceOutcome {
        outputs = List.copyOf(outputs);
        ends = Map.copyOf(ends);
    }

    /** Whether the instance is still alive (and paused) after the slice. */
    public boolean alive() {
        return termination.isEmpty();
    }
}
