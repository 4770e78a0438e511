package io.frontier.worker.executor;

import io.frontier.worker.executor.process.ProcessException;
import io.frontier.worker.executor.process.ProcessResult;
import io.frontier.worker.executor.process.ProcessRunner;
import io.frontier.worker.executor.process.ProcessSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * Runs any program given by a {@link CommandConfig}. Stateless; safe for concurrent runs into
 * different output directories. The program learns its input and output directory only through
 * the {@code {input}} and {@code {output_dir}} placeholders (and standard input in stdin mode).
 */
public final class CommandExecutor implements Executor {

    private final CommandConfig config;
    private final Path program;
    private final ArgumentTemplate arguments;
    private final ProcessRunner runner;
    private final ChildEnvironment environment;

    /** @throws ExecutorException when the configured program is not an executable regular file here */
    public CommandExecutor(CommandConfig config, ProcessRunner runner, ChildEnvironment environment) {
        this.config = config;
        this.program = Path.of(config.program());
        this.arguments = config.argumentTemplate();
        this.runner = runner;
        this.environment = environment;
        if (!Files.isRegularFile(program) || !Files.isExecutable(program)) {
            throw new ExecutorException("program is not an executable regular file").with("type", "command")
                    .with("program", program);
        }
    }

    @Override
    public String name() {
        return "command";
    }

    @Override
    public Execution run(Path input, Path outputDirectory, Duration timeLimit) {
        Path in = InputFile.require(input);
        Path out = OutputDirectory.prepare(outputDirectory);
        ProcessSpec spec = new ProcessSpec(program,
                arguments.substitute(Map.of(
                        ArgumentTemplate.INPUT, in.toString(), ArgumentTemplate.OUTPUT_DIR, out.toString())),
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
