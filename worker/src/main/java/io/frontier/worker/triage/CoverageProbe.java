package io.frontier.worker.triage;

import io.frontier.store.error.IoReason;
import io.frontier.store.coverage.Coverage;
import io.frontier.store.wire.DeclaredFinding;
import io.frontier.store.wire.FindingKind;
import io.frontier.worker.executor.AflAbort;
import io.frontier.worker.executor.AflTools;
import io.frontier.worker.executor.ChildEnvironment;
import io.frontier.worker.executor.process.ProcessException;
import io.frontier.worker.executor.process.ProcessResult;
import io.frontier.worker.executor.process.ProcessRunner;
import io.frontier.worker.executor.process.ProcessSpec;
import io.frontier.worker.executor.process.ResourceLimits;
import io.frontier.worker.executor.process.Signals;
import io.frontier.worker.executor.process.Termination;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs one input on the coverage build and says what it reached and whether it is a finding.
 *
 * <p>Per input: one {@code afl-showmap -r -o <map> -t <timeout> -m none -- program args} (the
 * input replaces {@code @@}, or is standard input), as a real process group under a wall-time
 * limit of twice the timeout plus {@link #MARGIN}. How {@code afl-showmap} 4.04c ends, as measured
 * on the build machine:
 * <pre>
 * the target                              exit  standard output says
 * exited (any exit code)                  0     -
 * ended by signal N (ASan aborts: 6)      2     +++ Program killed by signal N +++
 * ran past -t                             2     +++ Program timed off +++
 * refused (no instrumentation, ...)       1     [-] PROGRAM ABORT : reason / Location : ...
 * </pre>
 * A crash is then run once more, directly, with {@code ASAN_OPTIONS=}{@value #ASAN_OPTIONS}: the
 * report {@code afl-showmap} lets through is unsymbolized ({@code afl-showmap} forces
 * {@code symbolize=0}), and unsymbolized frames of inlined or recursive code differ between two
 * paths to one bug. The signature then comes from that report ({@link FindingSignature}); the
 * signal is the one {@code afl-showmap} saw. A hang's signal is 0 and its signature
 * {@code edges:} (or {@code signal:9}, AFL++'s kill signal, when it reached no edge).
 *
 * <p>Cost, measured with the demo target under AddressSanitizer: docs/benchmarks/exploration.md.
 * Owns {@code workDirectory} (the map file) and is used by one thread.
 */
public final class CoverageProbe {

    /** Sanitizer options of the direct run of a crashing input: abort (SIGABRT) and name functions. */
    public static final String ASAN_OPTIONS = "abort_on_error=1:symbolize=1:detect_leaks=0:allocator_may_return_null=1";
    /** Time a probe may take beyond its timeout: {@code afl-showmap}'s start-up, symbolization. */
    public static final Duration MARGIN = Duration.ofSeconds(10);

    private static final Pattern KILLED = Pattern.compile("\\+\\+\\+ Program killed by signal (\\d+) \\+\\+\\+");
    private static final String TIMED_OUT = "+++ Program timed off +++";
    private static final int SHOWMAP_EXITED = 0;
    private static final int SHOWMAP_REFUSED = 1;
    private static final int SHOWMAP_CRASH_OR_HANG = 2;
    private static final String MAP_FILE = "showmap.map";

    private final TriageConfig config;
    private final Path program;
    private final AflTools tools;
    private final ProcessRunner runner;
    private final ChildEnvironment environment;
    private final Path workDirectory;
    private final ShowmapBatch showmapBatch;

    /**
     * @param workDirectory a directory private to this probe; created here
     * @throws TriageException when the program is not an executable file here or the work
     *     directory cannot be created
     */
    public CoverageProbe(TriageConfig config, AflTools tools, ProcessRunner runner, ChildEnvironment environment,
                         Path workDirectory) {
        this.config = config;
        this.program = Path.of(config.program());
        this.tools = tools;
        this.runner = runner;
        this.environment = environment;
        this.workDirectory = workDirectory.toAbsolutePath().normalize();
        if (!Files.isRegularFile(program) || !Files.isExecutable(program)) {
            throw new TriageException("triage program is not an executable regular file").with("program", program);
        }
        this.showmapBatch = new ShowmapBatch(tools.aflShowmap(), program, config, runner,
                // Folder mode feeds each input itself, by file or by standard input.
                arguments -> new ProcessSpec(tools.aflShowmap(), arguments, environment.compose(Map.of(), Map.of()),
                        this.workDirectory, Optional.empty(), ResourceLimits.NONE), this.workDirectory);
        try {
            Files.createDirectories(this.workDirectory);
        } catch (IOException e) {
            throw new TriageException("triage work directory could not be created", e)
                    .with("directory", this.workDirectory).with("problem", IoReason.of(e));
        }
    }

    /** A probe with this machine's AFL++, process tools and environment. */
    public static CoverageProbe onThisMachine(TriageConfig config, Path workDirectory) {
        return new CoverageProbe(config, AflTools.find(), ProcessRunner.onThisMachine(),
                ChildEnvironment.ofThisProcess(), workDirectory);
    }

    /**
     * Runs {@code input} (a readable file) on the coverage build.
     *
     * @throws TriageException when {@code afl-showmap} refuses (its reason quoted), fails in
     *     another way, or leaves no readable map
     * @throws ProcessException when a process could not be launched or did not die when killed
     */
    public Triage probe(Path input) {
        Path absolute = input.toAbsolutePath().normalize();
        Path map = workDirectory.resolve(MAP_FILE);
        deleteMap(map);
        List<String> arguments = new ArrayList<>(List.of("-r", "-o", map.toString(),
                "-t", Long.toString(config.timeoutMillis()), "-m", "none", "--", program.toString()));
        arguments.addAll(config.argumentsFor(absolute));
        ProcessResult showmap = runner.run(spec(tools.aflShowmap(), arguments, Map.of(), absolute), limit());
        if (!(showmap.termination() instanceof Termination.Exited exited)) {
            throw failure("afl-showmap did not exit by itself", showmap, absolute);
        }
        String output = showmap.stdout().text();
        if (exited.code() == SHOWMAP_REFUSED) {
            Optional<AflAbort> abort = AflAbort.find(output);
            TriageException refused = new TriageException("afl-showmap refused to run the coverage build")
                    .with("program", program).with("input", absolute);
            if (abort.isPresent()) {
                throw refused.with("reason", abort.get().reason()).with("location", abort.get().location());
            }
            throw refused.with("stdout", lastLine(output));
        }
        if (exited.code() != SHOWMAP_EXITED && exited.code() != SHOWMAP_CRASH_OR_HANG) {
            throw failure("afl-showmap failed", showmap, absolute);
        }
        Coverage coverage = ShowmapCoverage.parse(readMap(map));
        if (exited.code() == SHOWMAP_EXITED) {
            return new Triage(coverage, null);
        }
        if (output.contains(TIMED_OUT)) {
            return new Triage(coverage, new DeclaredFinding(FindingKind.HANG, 0,
                    coverage.size() > 0 ? FindingSignature.edges(coverage) : "signal:" + Signals.SIGKILL));
        }
        int signal = killedBy(output).orElseThrow(() -> failure("afl-showmap reported neither a signal nor a time-out",
                showmap, absolute));
        String report = runDirectly(absolute);
        return new Triage(coverage, new DeclaredFinding(FindingKind.CRASH, signal,
                FindingSignature.of(report, coverage, signal)));
    }

    /**
     * Runs each of {@code inputs} (readable files) on the coverage build, as {@link #probe} does,
     * and returns their triage in order. Non-empty inputs go through {@code afl-showmap}'s folder
     * mode in batches ({@link ShowmapBatch}); a batch in which anything but a plain exit happened,
     * and every empty input (folder mode skips those), is probed one input at a time, so crashes
     * and hangs are named exactly as {@link #probe} names them.
     *
     * @throws TriageException as {@link #probe} does
     * @throws ProcessException as {@link #probe} does
     */
    public List<Triage> probeAll(List<Path> inputs) {
        Triage[] triage = new Triage[inputs.size()];
        List<Integer> batch = new ArrayList<>();
        for (int index = 0; index < inputs.size(); index++) {
            if (size(inputs.get(index)) == 0) {
                triage[index] = probe(inputs.get(index));
                continue;
            }
            batch.add(index);
            if (batch.size() == ShowmapBatch.MAX_INPUTS) {
                probeBatch(inputs, batch, triage);
                batch.clear();
            }
        }
        probeBatch(inputs, batch, triage);
        return List.of(triage);
    }

    private void probeBatch(List<Path> inputs, List<Integer> batch, Triage[] triage) {
        if (batch.isEmpty()) {
            return;
        }
        List<Path> files = batch.stream().map(index -> inputs.get(index).toAbsolutePath().normalize()).toList();
        Optional<List<Coverage>> coverages = batch.size() == 1 ? Optional.empty() : showmapBatch.run(files);
        for (int i = 0; i < batch.size(); i++) {
            triage[batch.get(i)] = coverages.isPresent() ? new Triage(coverages.get().get(i), null) : probe(files.get(i));
        }
    }

    private static long size(Path input) {
        try {
            return Files.size(input);
        } catch (IOException e) {
            throw new TriageException("input to triage cannot be read", e).with("input", input).with("problem", IoReason.of(e));
        }
    }

    /** The target's standard error when run directly on {@code input} with symbolized sanitizer reports. */
    private String runDirectly(Path input) {
        ProcessResult direct = runner.run(spec(program, config.argumentsFor(input), Map.of("ASAN_OPTIONS", ASAN_OPTIONS),
                input), limit());
        return direct.stderr().text();
    }

    private ProcessSpec spec(Path executable, List<String> arguments, Map<String, String> own, Path input) {
        return new ProcessSpec(executable, arguments, environment.compose(Map.of(), own), workDirectory,
                config.inputAsFile() ? Optional.empty() : Optional.of(input), ResourceLimits.NONE);
    }

    private Duration limit() {
        return Duration.ofMillis(config.timeoutMillis()).multipliedBy(2).plus(MARGIN);
    }

    /** The signal of the last {@code +++ Program killed by signal N +++} line. */
    private static Optional<Integer> killedBy(String output) {
        Matcher matcher = KILLED.matcher(output);
        Integer signal = null;
        while (matcher.find()) {
            signal = Integer.parseInt(matcher.group(1));
        }
        return Optional.ofNullable(signal).filter(n -> n >= 1 && n <= Signals.MAX);
    }

    private static void deleteMap(Path map) {
        try {
            Files.deleteIfExists(map);
        } catch (IOException e) {
            throw new TriageException("previous afl-showmap map could not be removed", e)
                    .with("map", map).with("problem", IoReason.of(e));
        }
    }

    private List<String> readMap(Path map) {
        try {
            return Files.readAllLines(map);
        } catch (IOException e) {
            throw new TriageException("afl-showmap left no readable map", e)
                    .with("program", program).with("map", map).with("problem", IoReason.of(e));
        }
    }

    private TriageException failure(String message, ProcessResult result, Path input) {
        return new TriageException(message).with("program", program).with("input", input)
                .with("termination", result.termination()).with("timedOut", result.timedOut())
                .with("stdout", lastLine(result.stdout().text())).with("stderr", lastLine(result.stderr().text()));
    }

    private static String lastLine(String text) {
        String stripped = text.strip();
        return stripped.substring(stripped.lastIndexOf('\n') + 1);
    }
}
