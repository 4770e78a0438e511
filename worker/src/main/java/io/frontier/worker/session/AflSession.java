package io.frontier.worker.session;

import io.frontier.store.wire.ExecutorKind;
import io.frontier.worker.executor.AflAbort;
import io.frontier.worker.executor.AflSessionConfig;
import io.frontier.worker.executor.AflTools;
import io.frontier.worker.executor.ChildEnvironment;
import io.frontier.worker.executor.ExecutorException;
import io.frontier.worker.executor.process.ProcStat;
import io.frontier.worker.executor.process.ProcessResult;
import io.frontier.worker.executor.process.ProcessRunner;
import io.frontier.worker.executor.process.ProcessSpec;
import io.frontier.worker.executor.process.RunningProcess;
import io.frontier.worker.executor.process.Termination;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * One long-lived {@code afl-fuzz} instance, run in slices: {@link #slice} hands it the inputs to
 * import, lets it fuzz for the slice's length, stops it and harvests what it saved meanwhile.
 * Between slices the instance is stopped and uses no CPU.
 *
 * <p>Layout of the session directory, which the caller owns (node-local scratch) and which must be
 * absent or empty at start:
 * <pre>
 * in/                    the seed AFL++ starts from ({@code -i})
 * sync/                  AFL++'s sync directory ({@code -o})
 * sync/&lt;name&gt;/          the instance ({@code -S name}): queue/, crashes/, hangs/, fuzzer_stats
 * sync/frontier/queue/   the imports, as id:NNNNNN,orig:&lt;name&gt; ({@link SessionFeed})
 * </pre>
 * The command is {@code afl-fuzz -i in -o sync -S <name> -m <MiB|none> -t <ms> [-x dict] --
 * target arguments}, run in the session directory under the configured limits. The first seed
 * (of 1 byte to 1 MiB) is the instance's only seed; the others become the first imports. As an
 * import, AFL++ runs a seed once and keeps it only if it reaches something new (then calibrates
 * it); as a seed it would calibrate every one of them before fuzzing. Measured on the demo target
 * with 1000 seeds, on a loaded machine: 35 s before fuzzing with calibration, 16 s with
 * {@code AFL_FAST_CAL}, 0.2 s without; imported instead, all 1000 were run within 7 s and 16 kept.
 *
 * <p>The environment is the worker's allow-list, then the configured variables, then
 * {@link AflSessionConfig#SESSION_VARIABLES} (all checked against AFL++ 4.04c):
 * <ul>
 *   <li>{@code AFL_NO_UI}, {@code AFL_SKIP_CPUFREQ}, {@code AFL_NO_AFFINITY},
 *       {@code AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES}: as for the afl executor (unattended,
 *       sharing cores with other workers, on nodes whose core pattern may pipe to a program).</li>
 *   <li>{@code AFL_NO_STARTUP_CALIBRATION=1}: the one seed is fuzzed without being run first, so
 *       a seed that crashes or hangs cannot make AFL++ refuse to start ("We need at least one valid
 *       input seed that does not crash"). Its coverage is then unknown to AFL++ at first, so its
 *       first mutants are saved as new: one seed's worth of entries that are not.</li>
 *   <li>{@code AFL_IMPORT_FIRST=1}: import before the first fuzzing cycle, so the seeds and the
 *       first slice's imports are in the queue before AFL++ picks what to fuzz.</li>
 *   <li>{@code AFL_SYNC_TIME=1}: a {@code -S} instance imports when this many minutes have passed
 *       since its last import (default 30), and at the end of each queue cycle; one minute is the
 *       least AFL++ accepts. An import may therefore wait about a minute of the instance's wall
 *       time, which includes the time it is stopped.</li>
 *   <li>{@code AFL_DISABLE_TRIM=1}: trimming deletes a queue entry and writes it again, so a
 *       harvest could read an older entry half-rewritten; {@code -M} instances never trim either.</li>
 * </ul>
 * {@code AFL_HANG_TMOUT} is not set: stopping the instance does not turn the execution in flight
 * into a hang, since a {@code select()} interrupted by SIGSTOP resumes with the time it had left
 * (measured: no timeout in 20 stops of 4 to 7 s, longer than {@code -t}, mid-execution).
 *
 * <p>Stopping: {@code afl-fuzz} is paused as a group, but its fork server leads a session of its
 * own, and is left alone: a persistent-mode target tells its fork server that an iteration ended
 * by stopping itself, so a stop from outside would be taken for the end of one. Once
 * {@code afl-fuzz} stops, it starts no further execution, and {@link #slice} waits (up to the
 * execution timeout) until the one in flight has ended; one that hangs keeps its core until the
 * next slice, when AFL++ kills it at its timeout. {@link #close} sends SIGTERM, so that AFL++ ends
 * its fork server and removes its shared memory, and SIGKILL only when it does not end in time
 * (a killed {@code afl-fuzz} leaves its System V shared memory behind). A worker JVM that exits
 * without closing its sessions kills them ({@link RunningProcess}), shared memory left behind.
 *
 * <p>An {@code afl-fuzz} that ends by itself before it starts fuzzing refused to: the slice that
 * sees it throws an {@link ExecutorException} quoting AFL++'s {@code PROGRAM ABORT} reason
 * ({@link AflAbort}). One that ends later is reported by the slice's
 * {@link SliceOutcome#termination}, and everything it saved is still harvested. Used by one
 * thread.
 */
public final class AflSession implements AutoCloseable {

    /** Beyond the execution timeout, how long a stopping {@code afl-fuzz} may take before it is killed. */
    public static final Duration STOP_GRACE = Duration.ofSeconds(5);

    /** The instance's name: a directory of the sync directory, and not the feed's. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_-]{0,31}");
    private static final String SEED_NAME = "seed";
    private static final long REST_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final AflSessionConfig config;
    private final Path instance;
    private final SessionFeed feed;
    private final SessionHarvest harvest;
    private final RunningProcess process;
    /** Whether {@link #close} has begun: from then on the instance ends because it was told to. */
    private boolean closed;

    private AflSession(AflSessionConfig config, Path instance, SessionFeed feed, RunningProcess process) {
        this.config = config;
        this.instance = instance;
        this.feed = feed;
        this.harvest = new SessionHarvest(instance);
        this.process = process;
    }

    /**
     * Starts the instance {@code name} in {@code directory} from {@code seeds} and returns it
     * stopped at once: AFL++ checks the target, starts its fork server and imports the seeds in
     * the first slice, before it fuzzes anything.
     *
     * @param directory absent or empty; the session's from now on, until the caller removes it
     * @param seeds     at least one, of which one of 1 byte to 1 MiB
     * @throws ExecutorException when the target, a seed, the name or the directory is unusable
     */
    public static AflSession start(AflSessionConfig config, AflTools tools, ProcessRunner runner,
                                   ChildEnvironment environment, Path directory, String name, List<Path> seeds) {
        Path target = Path.of(config.target());
        if (!Files.isRegularFile(target) || !Files.isExecutable(target)) {
            throw new ExecutorException("program is not an executable regular file")
                    .with("type", ExecutorKind.AFL_SESSION).with("program", target);
        }
        if (config.dictionary() != null && !Files.isReadable(Path.of(config.dictionary()))) {
            throw new ExecutorException("afl dictionary is not a readable file").with("dictionary", config.dictionary());
        }
        if (!NAME.matcher(name).matches() || name.equals(SessionFeed.NAME)) {
            throw new ExecutorException("afl session name must be 1 to 32 letters, digits, '-' or '_', not "
                    + SessionFeed.NAME).with("name", name);
        }
        Path root = prepare(directory);
        Path in = root.resolve("in");
        Path sync = root.resolve("sync");
        SessionFeed feed = SessionFeed.in(sync);
        placeSeeds(seeds, in, feed);
        List<String> arguments = new ArrayList<>(List.of("-i", in.toString(), "-o", sync.toString(), "-S", name,
                "-m", config.memoryLimitMiB() == 0 ? "none" : Long.toString(config.memoryLimitMiB()),
                "-t", Long.toString(config.execTimeoutMillis())));
        if (config.dictionary() != null) {
            arguments.addAll(List.of("-x", config.dictionary()));
        }
        arguments.add("--");
        arguments.add(target.toString());
        arguments.addAll(config.arguments());
        ProcessSpec spec = new ProcessSpec(tools.aflFuzz(), arguments,
                environment.compose(config.environment(), AflSessionConfig.SESSION_VARIABLES), root, Optional.empty(),
                config.limits());
        AflSession session = new AflSession(config, sync.resolve(name), feed, runner.start(spec));
        try {
            session.pauseAtRest();
        } catch (RuntimeException e) {
            session.process.kill();
            throw e;
        }
        return session;
    }

    /**
     * Runs one slice: writes {@code imports} into the feed, lets the instance fuzz for
     * {@code length} (less if it ends), stops it and harvests at most {@code maxOutputs} entries
     * into {@code outputs}. An instance that has ended takes no imports and only yields what is
     * left.
     *
     * @param outputs absent or empty, as for {@link SessionHarvest#collect}
     * @throws ExecutorException     when {@code afl-fuzz} refused to fuzz (it ended by itself before
     *                               it started fuzzing), or an import or an entry cannot be copied
     * @throws IllegalStateException after {@link #close}
     */
    public SliceOutcome slice(List<Path> imports, Duration length, Path outputs, int maxOutputs) {
        if (closed) {
            throw new IllegalStateException("afl session " + instance + " is closed");
        }
        if (length.isNegative()) {
            throw new IllegalArgumentException("a slice lasts zero seconds or more, got " + length);
        }
        if (!process.alive()) {
            return outcome(outputs, maxOutputs, Duration.ZERO);
        }
        for (Path input : imports) {
            feed.add(input);
        }
        long began = System.nanoTime();
        process.resume();
        if (!process.awaitEnd(length)) {
            pauseAtRest();
        }
        return outcome(outputs, maxOutputs, Duration.ofNanos(System.nanoTime() - began));
    }

    /**
     * Ends the instance ({@link #close}) and harvests what is left, the last entries included. A
     * caller that is told {@link SliceOutcome#more} calls it again with another output directory.
     */
    public SliceOutcome finish(Path outputs, int maxOutputs) {
        close();
        return outcome(outputs, maxOutputs, Duration.ZERO);
    }

    /** Whether {@code afl-fuzz} has not ended. */
    public boolean alive() {
        return process.alive();
    }

    /** The pid of {@code afl-fuzz}, which leads the session's process group. */
    public long pid() {
        return process.pid();
    }

    /** The instance's directory, {@code <session>/sync/<name>}. */
    public Path instance() {
        return instance;
    }

    /** Why AFL++ gave up, if its output says so: for a slice whose instance ended. */
    public Optional<AflAbort> abort() {
        return AflAbort.find(process.stdout().text());
    }

    /**
     * Ends the instance: SIGTERM and SIGCONT, so that AFL++ finishes its execution, stops its fork
     * server and frees its shared memory, then SIGKILL to whatever is left after the execution
     * timeout plus {@link #STOP_GRACE}. The directory stays. Idempotent.
     */
    @Override
    public void close() {
        closed = true;
        try {
            if (process.alive()) {
                process.terminate();
                process.awaitEnd(Duration.ofMillis(config.execTimeoutMillis()).plus(STOP_GRACE));
            }
        } finally {
            process.kill();
        }
    }

    private SliceOutcome outcome(Path outputs, int maxOutputs, Duration wallTime) {
        Optional<Termination> termination = process.termination();
        // AFL++ writes its first fuzzer_stats once the target is checked, the fork server is up
        // and the seed is read: right before it fuzzes.
        if (termination.isPresent() && !closed && !Files.exists(instance.resolve(FuzzerStats.FILE))) {
            throw refusal(process.result());
        }
        SessionHarvest.Taken taken = harvest.collect(outputs, maxOutputs, termination.isPresent());
        FuzzerStats stats = FuzzerStats.of(instance);
        return new SliceOutcome(taken.outputs(), taken.ends(), taken.more(), wallTime, termination,
                stats.number("execs_done"), stats.number("corpus_count"));
    }

    /**
     * Stops {@code afl-fuzz} and waits, up to the execution timeout, until it is stopped and the
     * execution in flight has ended: its fork servers sleep, and their children (the executions)
     * have ended or stopped themselves (persistent mode). A hang is left running.
     */
    private void pauseAtRest() {
        process.pause();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(config.execTimeoutMillis());
        while (!atRest() && System.nanoTime() < deadline) {
            LockSupport.parkNanos(REST_POLL_NANOS);
        }
    }

    private boolean atRest() {
        Optional<ProcessHandle> fuzzer = ProcessHandle.of(process.pid());
        if (fuzzer.isEmpty()) {
            return true;
        }
        if (!in(process.pid(), stat -> stat.stopped() || stat.ended())) {
            return false;
        }
        for (ProcessHandle forkServer : fuzzer.get().children().toList()) {
            if (!in(forkServer.pid(), stat -> stat.sleeping() || stat.stopped() || stat.ended())) {
                return false;
            }
            for (ProcessHandle execution : forkServer.descendants().toList()) {
                if (!in(execution.pid(), stat -> stat.stopped() || stat.ended())) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Whether process {@code pid} is gone or in a state {@code states} accepts. */
    private static boolean in(long pid, Predicate<ProcStat> states) {
        return ProcStat.read(pid).map(states::test).orElse(true);
    }

    private ExecutorException refusal(ProcessResult result) {
        ExecutorException error;
        if (result.termination() instanceof Termination.Exited exited && exited.code() != 0) {
            error = new ExecutorException("afl-fuzz refused to fuzz").with("exitCode", exited.code());
        } else {
            error = new ExecutorException("afl-fuzz ended before it fuzzed").with("termination", result.termination());
        }
        error.with("target", config.target()).with("pid", result.pid());
        Optional<AflAbort> abort = AflAbort.find(result.stdout().text());
        if (abort.isPresent()) {
            return error.with("reason", abort.get().reason()).with("location", abort.get().location());
        }
        return error.with("stdout", lastLine(result.stdout().text())).with("stderr", lastLine(result.stderr().text()));
    }

    /** Creates the session directory, which must be absent or empty. */
    private static Path prepare(Path directory) {
        Path root = directory.toAbsolutePath().normalize();
        try {
            Files.createDirectories(root);
            try (DirectoryStream<Path> listing = Files.newDirectoryStream(root)) {
                if (listing.iterator().hasNext()) {
                    throw new ExecutorException("afl session directory is not empty").with("directory", root);
                }
            }
            Files.createDirectory(root.resolve("in"));
        } catch (IOException e) {
            throw new ExecutorException("afl session directory could not be prepared", e).with("directory", root)
                    .with("problem", e.toString());
        }
        return root;
    }

    /** The first seed of 1 byte to 1 MiB into {@code in}, every other into the feed. */
    private static void placeSeeds(List<Path> seeds, Path in, SessionFeed feed) {
        int first = -1;
        for (int i = 0; i < seeds.size(); i++) {
            Path seed = seeds.get(i);
            if (!Files.isRegularFile(seed) || !Files.isReadable(seed)) {
                throw new ExecutorException("afl session seed is not a readable regular file").with("seed", seed);
            }
            if (first < 0 && usable(seed)) {
                first = i;
            }
        }
        if (first < 0) {
            throw new ExecutorException("afl session needs a seed of 1 byte to 1 MiB").with("seeds", seeds.size());
        }
        try {
            Files.copy(seeds.get(first), in.resolve(SEED_NAME));
        } catch (IOException e) {
            throw new ExecutorException("afl session seed could not be copied", e).with("seed", seeds.get(first))
                    .with("directory", in).with("problem", e.toString());
        }
        for (int i = 0; i < seeds.size(); i++) {
            if (i != first) {
                feed.add(seeds.get(i));
            }
        }
    }

    private static boolean usable(Path seed) {
        try {
            long size = Files.size(seed);
            return size > 0 && size <= SessionFeed.MAX_IMPORT_BYTES;
        } catch (IOException e) {
            throw new ExecutorException("afl session seed is not readable", e).with("seed", seed)
                    .with("problem", e.toString());
        }
    }

    private static String lastLine(String text) {
        String stripped = text.strip();
        return stripped.substring(stripped.lastIndexOf('\n') + 1);
    }
}
