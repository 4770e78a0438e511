package io.frontier.worker.executor;

import io.frontier.worker.executor.process.ProcessException;
import io.frontier.worker.executor.process.ProcessResult;
import io.frontier.worker.executor.process.ProcessRunner;
import io.frontier.worker.executor.process.ProcessSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Runs any program given by a {@link CommandConfig}. Stateless; safe for concurrent runs into
 * different output directories, unless the command names {@code {pruning_map}} (the runs then
 * share one map file). The program learns its input and output directory only through the
 * {@code {input}} and {@code {output_dir}} placeholders (and standard input in stdin mode), and
 * the pruning map file only through {@code {pruning_map}}.
 */
public final class CommandExecutor implements Executor {

    private final CommandConfig config;
    private final Path program;
    private final ArgumentTemplate arguments;
    private final ProcessRunner runner;
    private final ChildEnvironment environment;
    /** The file {@code {pruning_map}} names, when the command names it. */
    private final Optional<Path> pruningMap;

    /**
     * A command that does not name {@code {pruning_map}}.
     *
     * @throws ExecutorException when the configured program is not an executable regular file here
     */
    public CommandExecutor(CommandConfig config, ProcessRunner runner, ChildEnvironment environment) {
        this(config, Optional.empty(), runner, environment);
    }

    /**
     * @param pruningMap the worker's pruning map file, used only when the command names
     *                   {@code {pruning_map}}
     * @throws ExecutorException when the configured program is not an executable regular file
     *                           here, or the command names {@code {pruning_map}} and no file is given
     */
    public CommandExecutor(CommandConfig config, Optional<Path> pruningMap, ProcessRunner runner,
                           ChildEnvironment environment) {
        this.config = config;
        this.program = Path.of(config.program());
        this.arguments = config.argumentTemplate();
        this.runner = runner;
        this.environment = environment;
        if (!Files.isRegularFile(program) || !Files.isExecutable(program)) {
            throw new ExecutorException("program is not an executable regular file").with("type", "command")
                    .with("program", program);
        }
        if (config.keepsPruningMap() && pruningMap.isEmpty()) {
            throw new ExecutorException("command names {pruning_map} but no map path was given").with("program", program);
        }
        this.pruningMap = config.keepsPruningMap()
                ? Optional.of(pruningMap.get().toAbsolutePath().normalize()) : Optional.empty();
    }

    @Override
    public String name() {
        return "command";
    }

    @Override
    public Optional<Path> pruningMap() {
        return pruningMap;
    }

    @Override
    public Execution run(Path input, Path outputDirectory, Duration timeLimit) {
        Path in = InputFile.require(input);
        Path out = OutputDirectory.prepare(outputDirectory);
        Map<String, String> values = new HashMap<>(Map.of(
                ArgumentTemplate.INPUT, in.toString(), ArgumentTemplate.OUTPUT_DIR, out.toString()));
        pruningMap.ifPresent(map -> values.put(ArgumentTemplate.PRUNING_MAP, map.toString()));
        ProcessSpec spec = new ProcessSpec(program,
                arguments.substitute(values),
                environment.compose(config.environment(), Map.of()),
                out.getParent(),
                config.input() == InputMode.STDIN ? Optional.of(in) : Optional.empty(),
                config.limits());
        ProcessResult result;
        try {
            result = runner.run(spec, timeLimit);
        } catch (ProcessException e) {
            throw e.with("input", in);
        }
        return Execution.of(ExitClassifier.classify(result), result, OutputDirectory.list(out));
    }
}
