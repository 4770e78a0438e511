package io.frontier.worker.executor;

import io.frontier.worker.executor.process.ProcessRunner;
import io.frontier.worker.executor.process.ResourceLimits;
import io.frontier.worker.session.AflSession;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Creates the executor a configuration describes, on the machine that will run it. */
public final class ExecutorFactory {

    /** Writes one output into the directory given as {@code $0}. */
    private static final String REHEARSAL_SCRIPT = "printf 'frontier rehearsal output\\n' > \"$0/output\"";

    private final ProcessRunner runner;
    private final ChildEnvironment environment;

    public ExecutorFactory(ProcessRunner runner, ChildEnvironment environment) {
        this.runner = runner;
        this.environment = environment;
    }

    /** A factory with this machine's tools and this process's environment. */
    public static ExecutorFactory onThisMachine() {
        return new ExecutorFactory(ProcessRunner.onThisMachine(), ChildEnvironment.ofThisProcess());
    }

    /**
     * An executor that runs the shell to write one output file, through this factory's runner:
     * what a worker rehearses with before its first assignment (see the worker's rehearsal).
     */
    public Executor rehearsal() {
        return new CommandExecutor(new CommandConfig(List.of(runner.shell().toString(), "-c", REHEARSAL_SCRIPT,
                "{output_dir}"), InputMode.STDIN, Map.of(), ResourceLimits.NONE), runner, environment);
    }

    /**
     * The executor for {@code config}.
     *
     * @param workerDirectory a directory private to this worker, on a local disk if possible; it
     *                        holds the SymCC pruning map file when one is configured, one file
     *                        per kind ({@link #pruningMapFile})
     * @throws ExecutorException when the configured program is not executable here, AFL++ is not
     *                           installed here for an afl configuration, or {@code config} is an
     *                           afl session, which is no executor of single inputs
     */
    public Executor create(ExecutorConfig config, Path workerDirectory) {
        if (config instanceof AflSessionConfig session) {
            throw new ExecutorException("an afl_session configuration runs as a fuzzing session, not as an executor"
                    + " of single inputs").with("type", config.kind()).with("target", session.target());
        }
        if (config instanceof SymccConfig symcc) {
            return new SymccExecutor(symcc, Optional.of(workerDirectory.resolve(pruningMapFile(config.kind()))), runner,
                    environment);
        }
        if (config instanceof AflConfig afl) {
            return new AflExecutor(afl, AflTools.find(), runner, environment);
        }
        return new CommandExecutor((CommandConfig) config,
                Optional.of(workerDirectory.resolve(pruningMapFile(config.kind()))), runner, environment);
    }

    /**
     * Starts a fuzzing session of {@code config} in {@code directory}, instance {@code name}, from
     * {@code seeds}, through this factory's runner and environment ({@link AflSession#start}).
     *
     * @throws ExecutorException when the target, a seed, the name or the directory is unusable, or
     *                           AFL++ is not installed here
     */
    public AflSession startSession(AflSessionConfig config, Path directory, String name, List<Path> seeds) {
        return AflSession.start(config, AflTools.find(), runner, environment, directory, name, seeds);
    }

    /**
     * The name of a worker's pruning map file for executors of {@code kind}: each kind keeps its
     * own, since a worker of a hybrid campaign holds several executors.
     */
    public static String pruningMapFile(String kind) {
        return "pruning-" + kind + ".map";
    }
}
