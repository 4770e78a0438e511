package io.frontier.worker.rank;

import io.frontier.worker.executor.AflSessionConfig;
import io.frontier.worker.executor.Executor;
import io.frontier.worker.executor.ExecutorConfig;
import io.frontier.worker.executor.ExecutorFactory;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Every executor of the campaign, as one worker holds them, by kind: each ASSIGN names the kind
 * to run, so a worker of a hybrid campaign runs SymCC or AFL++ as its coordinator decides.
 * Created once per worker run, before the first assignment, so a program missing on this node
 * fails the worker at start rather than at the first input of that kind. Immutable.
 */
final class WorkerExecutors {

    private final Map<String, Executor> byKind;

    private WorkerExecutors(Map<String, Executor> byKind) {
        this.byKind = Map.copyOf(byKind);
    }

    /**
     * The executors {@code settings} lists, created by {@code factory} in {@code directory} (the
     * worker's private directory, which holds the pruning map files); fuzzing sessions are no
     * executors of single inputs and are left to {@link SessionSlices}.
     *
     * @throws io.frontier.worker.executor.ExecutorException as {@link ExecutorFactory#create} does
     */
    static WorkerExecutors create(ExecutorFactory factory, WorkerSettings settings, Path directory) {
        Map<String, Executor> byKind = new LinkedHashMap<>();
        for (ExecutorConfig config : settings.executors()) {
            if (!(config instanceof AflSessionConfig)) {
                byKind.put(config.kind(), factory.create(config, directory));
            }
        }
        return new WorkerExecutors(byKind);
    }

    /** The executor of {@code kind}, if the campaign has one. */
    Optional<Executor> of(String kind) {
        return Optional.ofNullable(byKind.get(kind));
    }
}
