package io.frontier.worker.executor;

import io.frontier.worker.executor.process.OutputTail;
import io.frontier.worker.executor.process.ProcessResult;
import io.frontier.worker.executor.process.ResourceLimits;
import io.frontier.worker.executor.process.Termination;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * What one run of one input did. Holds paths only: the output files stay where the target wrote
 * them, owned by the caller, until the worker hashes and stages them.
 *
 * @param kind             what the input did to the target
 * @param termination      exit code, or the signal that ended it (read as {@link Termination} says)
 * @param timedOut         whether the executor killed the target at the wall-time limit
 * @param wallTime         from launch until the end was observed
 * @param pid              the target's pid (also its session and process-group id), for logs
 * @param limits           the resource limits it ran under; peak usage is not measurable here
 * @param stdout           bounded tail of its standard output
 * @param stderr           bounded tail of its standard error
 * @param outputs          the regular files in the output directory after the run, sorted by
 *                         name; symbolic links, directories and other entries are never outputs
 * @param outputsTruncated whether the directory held more than 100,000 regular files, of which
 *                         {@code outputs} then lists only that many
 */
public record Execution(ExitKind kind, Termination termination, boolean timedOut, Duration wallTime, long pid,
                        ResourceLimits limits, OutputTail stdout, OutputTail stderr, List<Path> outputs,
                        boolean outputsTruncated) {

    public Execution {
        outputs = List.copyOf(outputs);
    }

    static Execution of(ExitKind kind, ProcessResult result, OutputDirectory.Listing listing) {
        return new Execution(kind, result.termination(), result.timedOut(), result.wallTime(), result.pid(),
                result.limits(), result.stdout(), result.stderr(), listing.files(), listing.truncated());
    }
}
