package io.frontier.worker.executor;

import io.frontier.store.wire.LeftOut;
import io.frontier.worker.executor.process.OutputTail;
import io.frontier.worker.executor.process.ProcessResult;
import io.frontier.worker.executor.process.ResourceLimits;
import io.frontier.worker.executor.process.Termination;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

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
 * @param outputs          the regular files in the output directory after the run, at any depth,
 *                         sorted by their path inside it; symbolic links, directories and other
 *                         entries are never outputs
 * @param leftOut          the entries of the output directory that are not outputs, by why:
 *                         symbolic links, special files, regular files beyond the 100,000 taken
 * @param leftOutExamples  a few of those, described for the worker's log
 * @param endIsTheInputs   true if {@code kind} is what the input did to the target (the process
 *                         is the target run on the input); false for a fuzzer's run (AFL++),
 *                         whose end says nothing about its input
 * @param outputEnds       outputs the engine kept because they made the target crash or hang,
 *                         with how; empty for an executor that runs the target once
 */
public record Execution(ExitKind kind, Termination termination, boolean timedOut, Duration wallTime, long pid,
                        ResourceLimits limits, OutputTail stdout, OutputTail stderr, List<Path> outputs,
                        LeftOut leftOut, List<String> leftOutExamples, boolean endIsTheInputs,
                        Map<Path, OutputEnd> outputEnds) {

    public Execution {
        outputs = List.copyOf(outputs);
        leftOutExamples = List.copyOf(leftOutExamples);
        outputEnds = Map.copyOf(outputEnds);
    }

    /** A run of the target on the input. */
    static Execution of(ExitKind kind, ProcessResult result, OutputDirectory.Listing listing) {
        return new Execution(kind, result.termination(), result.timedOut(), result.wallTime(), result.pid(),
                result.limits(), result.stdout(), result.stderr(), listing.files(), listing.leftOut(), listing.examples(), true, Map.of());
    }

    /** A fuzzer's run seeded with the input, which kept {@code ends} for the outputs that crashed or hung. */
    static Execution ofFuzzer(ExitKind kind, ProcessResult result, OutputDirectory.Listing listing,
                              Map<Path, OutputEnd> ends) {
        return new Execution(kind, result.termination(), result.timedOut(), result.wallTime(), result.pid(),
                result.limits(), result.stdout(), result.stderr(), listing.files(), listing.leftOut(), listing.examples(), false, ends);
    }
}
