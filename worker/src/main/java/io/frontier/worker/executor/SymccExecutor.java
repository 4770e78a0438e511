package io.frontier.worker.executor;

import io.frontier.store.error.IoReason;
import io.frontier.store.wire.ExecutorKind;
import io.frontier.worker.executor.process.ProcessException;
import io.frontier.worker.executor.process.ProcessResult;
import io.frontier.worker.executor.process.ProcessRunner;
import io.frontier.worker.executor.process.ProcessSpec;
import io.frontier.worker.executor.process.Termination;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Runs a SymCC-instrumented target given by a {@link SymccConfig}, setting per run the variables
 * SymCC's runtime reads, and no others:
 *
 * <ul>
 *   <li>{@code SYMCC_OUTPUT_DIR}: the run's output directory, created beforehand (SymCC exits
 *       with 255 when it does not exist, and then generates nothing).</li>
 *   <li>{@code SYMCC_INPUT_FILE}: in file mode, the input's absolute path, the same string that
 *       replaces {@code {input}} in the arguments. SymCC marks data as symbolic when it comes
 *       from any path containing that string, so the caller names inputs such that no other
 *       file the target opens has the input's path as a part of its own. In stdin mode it is
 *       not set, nor is {@code SYMCC_NO_SYMBOLIC_INPUT}, so standard input is symbolic.</li>
 *   <li>{@code SYMCC_AFL_COVERAGE_MAP}: the worker's pruning map file, when configured.</li>
 *   <li>{@code SYMCC_ENABLE_LINEARIZATION=1}, when configured.</li>
 * </ul>
 *
 * <p>{@code SYMCC_NO_SYMBOLIC_INPUT}, {@code SYMCC_MEMORY_INPUT} and {@code SYMCC_LOG_FILE} are
 * never set: the first two would stop the input from being symbolic, and the log file would be
 * overwritten by every run. Outputs are SymCC's {@code 000000}, {@code 000001-optimistic}, ...
 *
 * <p>Not for concurrent runs when a coverage map is configured: SymCC updates the map file in
 * place, without locking. In stdin mode SymCC's QSYM backend copies standard input to a file in
 * {@code /tmp} that it deletes at exit; a run that crashes or times out leaves that file behind.
 */
public final class SymccExecutor implements Executor {

    public static final String OUTPUT_DIR_VARIABLE = "SYMCC_OUTPUT_DIR";
    public static final String INPUT_FILE_VARIABLE = "SYMCC_INPUT_FILE";
    public static final String COVERAGE_MAP_VARIABLE = "SYMCC_AFL_COVERAGE_MAP";
    public static final String LINEARIZATION_VARIABLE = "SYMCC_ENABLE_LINEARIZATION";

    /** What SymCC's {@code exit(-1)} becomes, e.g. when its output directory does not exist. */
    private static final int SYMCC_SETUP_FAILURE = 255;

    private final SymccConfig config;
    private final Path target;
    private final Optional<Path> coverageMap;
    private final ArgumentTemplate arguments;
    private final ProcessRunner runner;
    private final ChildEnvironment environment;

    /**
     * @param coverageMap the worker's pruning map file, used only when the configuration asks for
     *                    one; its directory is created here. SymCC creates and updates the file;
     *                    between runs the worker may merge the campaign's shared map into it.
     * @throws ExecutorException when the target is not an executable regular file here, or the
     *                           configuration asks for a coverage map and none is given
     */
    public SymccExecutor(SymccConfig config, Optional<Path> coverageMap, ProcessRunner runner,
                         ChildEnvironment environment) {
        this.config = config;
        this.target = Path.of(config.target());
        this.arguments = config.argumentTemplate();
        this.runner = runner;
        this.environment = environment;
        if (!Files.isRegularFile(target) || !Files.isExecutable(target)) {
            throw new ExecutorException("program is not an executable regular file").with("type", ExecutorKind.SYMCC)
                    .with("program", target);
        }
        if (config.coverageMap() && coverageMap.isEmpty()) {
            throw new ExecutorException("coverage map is configured but no map path was given").with("target", target);
        }
        this.coverageMap = config.coverageMap()
                ? Optional.of(coverageMap.get().toAbsolutePath().normalize()) : Optional.empty();
        this.coverageMap.ifPresent(SymccExecutor::createParent);
    }

    @Override
    public String name() {
        return ExecutorKind.SYMCC;
    }

    @Override
    public Optional<Path> pruningMap() {
        return coverageMap;
    }

    @Override
    public Execution run(Path input, Path outputDirectory, Duration timeLimit) {
        Path in = InputFile.require(input);
        Path out = OutputDirectory.prepare(outputDirectory);
        Map<String, String> symcc = new LinkedHashMap<>();
        symcc.put(OUTPUT_DIR_VARIABLE, out.toString());
        if (config.input() == InputMode.FILE) {
            symcc.put(INPUT_FILE_VARIABLE, in.toString());
        }
        coverageMap.ifPresent(map -> symcc.put(COVERAGE_MAP_VARIABLE, map.toString()));
        if (config.linearization()) {
            symcc.put(LINEARIZATION_VARIABLE, "1");
        }
        ProcessSpec spec = new ProcessSpec(target,
                arguments.substitute(Map.of(
                        ArgumentTemplate.INPUT, in.toString(), ArgumentTemplate.OUTPUT_DIR, out.toString())),
                environment.compose(config.environment(), symcc),
                out.getParent(),
                config.input() == InputMode.STDIN ? Optional.of(in) : Optional.empty(),
                config.limits());
        ProcessResult result;
        try {
            result = runner.run(spec, timeLimit);
        } catch (ProcessException e) {
            throw e.with("input", in);
        }
        rejectSetupFailure(result, in, out);
        return Execution.of(ExitClassifier.classify(result), result, OutputDirectory.list(out));
    }

    /**
     * SymCC exits with 255 and names {@code SYMCC_OUTPUT_DIR} when its output directory is
     * unusable. Reporting that as an OK run without outputs would silently end the exploration of
     * this input, so it is an error instead.
     */
    private void rejectSetupFailure(ProcessResult result, Path in, Path out) {
        if (result.termination() instanceof Termination.Exited exited
                && exited.code() == SYMCC_SETUP_FAILURE
                && result.stderr().text().contains(OUTPUT_DIR_VARIABLE)) {
            throw new ExecutorException("SymCC could not use its output directory")
                    .with("target", target).with("input", in).with("outputDirectory", out)
                    .with("outputDirectoryExists", Files.isDirectory(out)).with("pid", result.pid())
                    .with("stderr", lastLine(result.stderr().text()));
        }
    }

    private static String lastLine(String text) {
        String stripped = text.strip();
        return stripped.substring(stripped.lastIndexOf('\n') + 1);
    }

    private static void createParent(Path file) {
        try {
            Files.createDirectories(file.getParent());
        } catch (IOException e) {
            throw new ExecutorException("coverage map directory could not be created", e)
                    .with("coverageMap", file).with("problem", IoReason.of(e));
        }
    }
}
