package io.frontier.worker.executor;

import io.frontier.store.error.IoReason;
import io.frontier.store.wire.ExecutorKind;
import io.frontier.worker.executor.process.ProcessException;
import io.frontier.worker.executor.process.ProcessResult;
import io.frontier.worker.executor.process.ProcessRunner;
import io.frontier.worker.executor.process.ProcessSpec;
import io.frontier.worker.executor.process.Signals;
import io.frontier.worker.executor.process.Termination;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Fuzzes a target with {@code afl-fuzz} for one bounded run per input, as an {@link AflConfig}
 * describes. Per run, beside the output directory: {@code afl/in/} holds a copy of the input, the
 * run's only seed, and {@code afl/out/} is AFL++'s output directory; the working directory is the
 * output directory's parent, as for every executor. The run is one real process
 * group, {@code afl-fuzz -i afl/in -o afl/out -m <MiB|none> -t <ms> [-V s] [-E n] [-x dict] --
 * target arguments}, under the configured limits and a wall-time limit of the run's time budget
 * plus {@link #RUN_MARGIN} (never more than the worker's time limit). Afterwards the entries
 * AFL++ added to its queue (not the seed's own entry), and those of {@code crashes/} and
 * {@code hangs/}, are copied into the output directory as {@code queue-<id>}, {@code crash-<id>}
 * and {@code hang-<id>}: they are the run's outputs, and the execution says which of them made
 * the target crash (with the signal in AFL++'s name) or hang ({@link Execution#outputEnds()}).
 * The run's own end is afl-fuzz's, which says nothing about its seed.
 *
 * <p>The environment is the worker's allow-list, then the configured variables, then
 * {@link #OWN_VARIABLES}, chosen for unattended, short, concurrent runs:
 * <ul>
 *   <li>{@code AFL_NO_UI=1}: no terminal user interface; progress goes to standard output.</li>
 *   <li>{@code AFL_SKIP_CPUFREQ=1}: a worker cannot change the CPU frequency governor.</li>
 *   <li>{@code AFL_NO_AFFINITY=1}: several workers share a node, and mpirun may already have bound
 *       them; AFL++ binding each run to a core of its own would collide with both.</li>
 *   <li>{@code AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1}: AFL++ refuses to start when
 *       {@code /proc/sys/kernel/core_pattern} pipes core dumps to a program (systemd-coredump,
 *       apport), which only root can change. Cluster nodes often do; AFL++ then sees crashes
 *       late, or as hangs. Where the pattern is a plain file name (it is {@code core} on
 *       Frontier's build machine, where AFL++ starts without this variable) it changes nothing.</li>
 *   <li>{@code AFL_NO_STARTUP_CALIBRATION=1} and {@code AFL_FAST_CAL=1}: a run has one seed and a
 *       budget of seconds; skipping the seed's calibration gave about twice the executions in
 *       one-second runs of the demo target, and a seed that crashes or hangs is fuzzed instead of
 *       refused (calibrating it would abort the run with "We need at least one valid input seed
 *       that does not crash").</li>
 * </ul>
 * The fork server is always used (no {@code AFL_NO_FORKSRV}). {@code AFL_SKIP_CRASHES} is not set:
 * it only matters to the start-up calibration, which is skipped.
 *
 * <p>An {@code afl-fuzz} that exits with a non-zero code did not fuzz: that is an
 * {@link ExecutorException} whose context quotes AFL++'s {@code PROGRAM ABORT} line and the line
 * after it ({@link AflAbort}). A run killed at its time limit is {@link ExitKind#TIMEOUT}, and what
 * AFL++ had saved until then is still copied. Stateless; safe for concurrent runs into different
 * output directories.
 */
public final class AflExecutor implements Executor {

    /** Variables the executor sets for every run; a configuration may not set them. */
    public static final Map<String, String> OWN_VARIABLES = Map.of(
            "AFL_NO_UI", "1",
            "AFL_SKIP_CPUFREQ", "1",
            "AFL_NO_AFFINITY", "1",
            "AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES", "1",
            "AFL_NO_STARTUP_CALIBRATION", "1",
            "AFL_FAST_CAL", "1");

    /**
     * Wall time a run may take beyond its time budget before it is killed: AFL++'s start-up and
     * the end of the test case under way when the budget ran out (about 0.1 s for the demo
     * target; a slow target's last test case may take up to its execution timeout).
     */
    public static final Duration RUN_MARGIN = Duration.ofSeconds(10);

    /** Name of AFL++'s working directory beside the output directory. */
    static final String WORK_DIRECTORY = "afl";
    private static final String SEED_NAME = "input";
    /** AFL++ names the seeds it imports {@code id:NNNNNN,time:0,execs:0,orig:<name>}. */
    private static final String SEED_MARK = ",orig:";
    /** The signal in the name AFL++ gives a crash: {@code id:000000,sig:11,src:...}. */
    private static final Pattern CRASH_SIGNAL = Pattern.compile(",sig:(\\d{1,3})");

    private final AflConfig config;
    private final Path target;
    private final AflTools tools;
    private final ProcessRunner runner;
    private final ChildEnvironment environment;

    /**
     * @throws ExecutorException when the target or the dictionary is not a usable file here
     */
    public AflExecutor(AflConfig config, AflTools tools, ProcessRunner runner, ChildEnvironment environment) {
        this.config = config;
        this.target = Path.of(config.target());
        this.tools = tools;
        this.runner = runner;
        this.environment = environment;
        if (!Files.isRegularFile(target) || !Files.isExecutable(target)) {
            throw new ExecutorException("program is not an executable regular file").with("type", ExecutorKind.AFL)
                    .with("program", target);
        }
        if (config.dictionary() != null && !Files.isReadable(Path.of(config.dictionary()))) {
            throw new ExecutorException("afl dictionary is not a readable file").with("dictionary", config.dictionary());
        }
    }

    @Override
    public String name() {
        return ExecutorKind.AFL;
    }

    @Override
    public Execution run(Path input, Path outputDirectory, Duration timeLimit) {
        return run(input, outputDirectory, timeLimit, 1);
    }

    /** A run whose time budget, execution budget and wall-time limit are {@code factor} times the configured ones. */
    @Override
    public Execution run(Path input, Path outputDirectory, Duration timeLimit, int factor) {
        Path in = InputFile.require(input);
        Path out = OutputDirectory.prepare(outputDirectory);
        Path work = out.resolveSibling(WORK_DIRECTORY);
        Path seeds = work.resolve("in");
        Path findings = work.resolve("out");
        prepareSeed(in, work, seeds);
        ProcessSpec spec = new ProcessSpec(tools.aflFuzz(), arguments(seeds, findings, factor),
                environment.compose(config.environment(), OWN_VARIABLES), out.getParent(), Optional.empty(),
                config.limits());
        ProcessResult result;
        try {
            result = runner.run(spec, runLimit(timeLimit.multipliedBy(factor), factor));
        } catch (ProcessException e) {
            throw e.with("input", in);
        }
        if (result.termination() instanceof Termination.Exited exited && exited.code() != 0) {
            throw refusal(result, exited.code(), in);
        }
        Path fuzzer = findings.resolve("default");
        Map<Path, OutputEnd> ends = new LinkedHashMap<>();
        copyEntries(fuzzer.resolve("queue"), "queue-", out);
        copyEntries(fuzzer.resolve("crashes"), "crash-", out).forEach((copy, original) ->
                ends.put(copy, new OutputEnd(ExitKind.CRASH, crashSignal(original))));
        copyEntries(fuzzer.resolve("hangs"), "hang-", out).keySet()
                .forEach(copy -> ends.put(copy, new OutputEnd(ExitKind.TIMEOUT, 0)));
        return Execution.ofFuzzer(ExitClassifier.classify(result), result, OutputDirectory.list(out), ends);
    }

    /**
     * The signal AFL++ names in a crash's file name ({@code id:000000,sig:11,src:...}). AFL++
     * names every crash so; a name without a signal in range is read as SIGSEGV.
     */
    static int crashSignal(String aflName) {
        Matcher signal = CRASH_SIGNAL.matcher(aflName);
        if (signal.find()) {
            int number = Integer.parseInt(signal.group(1));
            if (number >= 1 && number <= 127) {
                return number;
            }
        }
        return Signals.SIGSEGV;
    }

    /** The wall-time limit of one run: the time budget plus the margin, within the worker's limit. */
    Duration runLimit(Duration timeLimit) {
        return runLimit(timeLimit, 1);
    }

    private Duration runLimit(Duration timeLimit, int factor) {
        if (config.runSeconds() == 0) {
            return timeLimit;
        }
        Duration budget = Duration.ofSeconds(config.runSeconds() * factor).plus(RUN_MARGIN);
        return budget.compareTo(timeLimit) < 0 ? budget : timeLimit;
    }

    private List<String> arguments(Path seeds, Path findings, int factor) {
        List<String> arguments = new ArrayList<>(List.of("-i", seeds.toString(), "-o", findings.toString(),
                "-m", config.memoryLimitMiB() == 0 ? "none" : Long.toString(config.memoryLimitMiB()),
                "-t", Long.toString(config.execTimeoutMillis())));
        if (config.runSeconds() > 0) {
            arguments.addAll(List.of("-V", Long.toString(config.runSeconds() * factor)));
        }
        if (config.runExecutions() > 0) {
            arguments.addAll(List.of("-E", Long.toString(config.runExecutions() * factor)));
        }
        if (config.dictionary() != null) {
            arguments.addAll(List.of("-x", config.dictionary()));
        }
        arguments.add("--");
        arguments.add(target.toString());
        arguments.addAll(config.arguments());
        return arguments;
    }

    private static void prepareSeed(Path input, Path work, Path seeds) {
        if (Files.exists(work, LinkOption.NOFOLLOW_LINKS)) {
            throw new ExecutorException("afl working directory already exists").with("directory", work);
        }
        try {
            Files.createDirectories(seeds);
            Files.copy(input, seeds.resolve(SEED_NAME));
        } catch (IOException e) {
            throw new ExecutorException("afl seed directory could not be prepared", e)
                    .with("directory", seeds).with("problem", IoReason.of(e));
        }
    }

    private ExecutorException refusal(ProcessResult result, int code, Path input) {
        Optional<AflAbort> abort = AflAbort.find(result.stdout().text());
        ExecutorException error = new ExecutorException("afl-fuzz refused to fuzz")
                .with("target", target).with("input", input).with("exitCode", code).with("pid", result.pid());
        if (abort.isPresent()) {
            return error.with("reason", abort.get().reason()).with("location", abort.get().location());
        }
        return error.with("stdout", lastLine(result.stdout().text())).with("stderr", lastLine(result.stderr().text()));
    }

    /**
     * Copies the entries AFL++ saved in {@code directory} ({@code id:NNNNNN,...}; not its
     * README, not the imported seed) into {@code out}, named {@code <prefix>NNNNNN}; returns each
     * copy with the name AFL++ gave the entry. A directory AFL++ did not create has no entries.
     */
    private static Map<Path, String> copyEntries(Path directory, String prefix, Path out) {
        Map<Path, String> copied = new LinkedHashMap<>();
        if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
            return copied;
        }
        Map<String, Path> entries = new LinkedHashMap<>();
        try (DirectoryStream<Path> listing = Files.newDirectoryStream(directory, "id:*")) {
            for (Path entry : listing) {
                String name = entry.getFileName().toString();
                int comma = name.indexOf(',');
                if (comma < 0 || name.contains(SEED_MARK) || !Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS)) {
                    continue;
                }
                entries.put(prefix + name.substring("id:".length(), comma), entry);
            }
            for (Map.Entry<String, Path> entry : entries.entrySet()) {
                Path copy = out.resolve(entry.getKey());
                Files.copy(entry.getValue(), copy);
                copied.put(copy, entry.getValue().getFileName().toString());
            }
        } catch (IOException e) {
            throw new ExecutorException("afl output could not be copied", e)
                    .with("directory", directory).with("outputDirectory", out).with("problem", IoReason.of(e));
        }
        return copied;
    }

    private static String lastLine(String text) {
        String stripped = text.strip();
        return stripped.substring(stripped.lastIndexOf('\n') + 1);
    }
}
