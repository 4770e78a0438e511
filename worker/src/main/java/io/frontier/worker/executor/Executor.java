package io.frontier.worker.executor;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * Runs one input through a target, once.
 *
 * <p>Contract: {@code outputDirectory} must be absent or empty; the executor creates it (with its
 * parents), and the target's working directory is its parent, so stray files a target writes
 * land in the caller's per-run directory, never among the outputs. The caller owns the input and
 * both directories and deletes them. When {@code run} returns or throws, no process of the
 * target's process group is left.
 */
public interface Executor {

    /**
     * Runs the target on {@code input}, writing into {@code outputDirectory}, for at most
     * {@code timeLimit} of wall time.
     *
     * @throws ExecutorException when the input or the directories are unusable or the target
     *                           refused its set-up: no outcome exists for this input
     * @throws io.frontier.worker.executor.process.ProcessException when the target could not be
     *                           launched or did not die when killed
     */
    Execution run(Path input, Path outputDirectory, Duration timeLimit);

    /**
     * Runs as {@link #run(Path, Path, Duration)} does in a round that gives the execution
     * {@code factor} times the campaign's {@code timeLimit} (a time-out retried, a repeated run).
     * An executor whose runs have a length of their own (AFL++'s time budget) stretches that too.
     */
    default Execution run(Path input, Path outputDirectory, Duration timeLimit, int factor) {
        return run(input, outputDirectory, timeLimit.multipliedBy(factor));
    }

    /** The executor's kind as manifest entries record it: {@code symcc}, {@code command}, ... */
    String name();

    /**
     * The SymCC pruning map file this executor's runs read when they start and update when they
     * find something new, or empty if its runs keep none. The worker owns the file's contents
     * between runs (it merges the campaign's shared map into it).
     */
    default Optional<Path> pruningMap() {
        return Optional.empty();
    }
}
