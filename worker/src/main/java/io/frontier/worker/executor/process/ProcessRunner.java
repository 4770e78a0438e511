package io.frontier.worker.executor.process;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a child process in its own session, under resource limits and a wall-time limit, or starts
 * one for a caller to keep. Each call owns one child; concurrent calls share nothing but
 * configuration and the shell that signals groups.
 *
 * <p>The launch is {@code setsid prlimit --core=0 [limits] -- program args}. Both tools exec the
 * next program in place (the child is never a group leader when it starts, so {@code setsid} does
 * not fork), so the pid the JDK reports is the program's own pid, and also the id of its session
 * and process group. When this process already runs with core dumps off (see
 * {@link InheritedCoreLimit}; {@code frontier run} starts its ranks so) and the spec sets no
 * other limit, {@code prlimit} would change nothing and is left out.
 *
 * <p>Ownership: the runner owns the child and its whole process group for the duration of
 * {@link #run}; when {@code run} returns or throws, the group has been sent SIGKILL. At the time
 * limit there is no SIGTERM and no grace period: the limit is hard, and a target killed mid-write
 * may leave its last output file incomplete. {@link #start} launches the same way but hands the
 * child over as a {@link RunningProcess}, whose owner pauses, resumes and finally kills it.
 *
 * <p>Output: standard output and error are read by two threads per run into bounded tails, so a
 * chatty child costs a fixed amount of memory. Standard input is a file given to the child
 * directly, or {@code /dev/null}; it never passes through this JVM.
 */
public final class ProcessRunner {

    /** Default number of bytes kept from the end of each output stream. */
    public static final int DEFAULT_TAIL_BYTES = 16 * 1024;
    /** Default bound on waiting for a killed child to be reaped and for its streams to close. */
    public static final Duration DEFAULT_GRACE = Duration.ofSeconds(5);

    static final File DEV_NULL = new File("/dev/null");
    private static final int READ_CHUNK = 8192;

    private final SystemTools tools;
    private final ProcessGroup group;
    private final int tailBytes;
    private final Duration grace;
    private final boolean coreDumpsInheritedOff;

    /** A runner whose launches keep {@code prlimit} unless this process runs with core dumps off. */
    public ProcessRunner(SystemTools tools, int tailBytes, Duration grace) {
        this(tools, tailBytes, grace, InheritedCoreLimit.off());
    }

    /**
     * A runner that leaves {@code prlimit} out of launches with no limit when
     * {@code coreDumpsInheritedOff}: only true if this process's core limit is zero, soft and hard.
     */
    ProcessRunner(SystemTools tools, int tailBytes, Duration grace, boolean coreDumpsInheritedOff) {
        if (tailBytes < 1) {
            throw new IllegalArgumentException("tails keep at least one byte, got " + tailBytes);
        }
        if (grace.isNegative() || grace.isZero()) {
            throw new IllegalArgumentException("the grace period must be positive, got " + grace);
        }
        this.tools = tools;
        this.group = new ProcessGroup(tools);
        this.tailBytes = tailBytes;
        this.grace = grace;
        this.coreDumpsInheritedOff = coreDumpsInheritedOff;
    }

    /** A runner with this machine's tools and the default tail size and grace period. */
    public static ProcessRunner onThisMachine() {
        return new ProcessRunner(SystemTools.find(), DEFAULT_TAIL_BYTES, DEFAULT_GRACE);
    }

    /** The POSIX shell this runner signals process groups through; any caller may run it too. */
    public Path shell() {
        return tools.shell();
    }

    /** The full command line that launches {@code spec}. */
    public List<String> launchCommand(ProcessSpec spec) {
        List<String> command = new ArrayList<>();
        command.add(tools.setsid().toString());
        ResourceLimits limits = spec.limits();
        if (!coreDumpsInheritedOff || !limits.equals(ResourceLimits.NONE)) {
            command.add(tools.prlimit().toString());
            command.add("--core=0");
            if (limits.addressSpaceMiB() > 0) {
                command.add("--as=" + limits.addressSpaceBytes());
            }
            if (limits.cpuSeconds() > 0) {
                // Soft limit: SIGXCPU, which a target may catch; the hard limit one second later kills.
                command.add("--cpu=" + limits.cpuSeconds() + ":" + (limits.cpuSeconds() + 1));
            }
            if (limits.fileSizeMiB() > 0) {
                command.add("--fsize=" + limits.fileSizeBytes());
            }
        }
        command.add("--");
        command.add(spec.program().toString());
        command.addAll(spec.arguments());
        return command;
    }

    /**
     * Runs {@code spec} until it ends or {@code timeLimit} passes, then kills its process group.
     *
     * @throws ProcessException when the program is not executable, the launch failed (including
     *                          {@code setsid} or {@code prlimit} failing before the program ran),
     *                          the child did not end within the grace period after SIGKILL, or
     *                          the calling thread was interrupted (the group is killed first)
     */
    public ProcessResult run(ProcessSpec spec, Duration timeLimit) {
        if (timeLimit.isNegative() || timeLimit.isZero()) {
            throw new ProcessException("time limit must be positive").with("program", spec.program())
                    .with("timeLimit", timeLimit);
        }
        long started = System.nanoTime();
        Process process = launch(spec);
        long pid = process.pid();
        TailBuffer stdout = new TailBuffer(tailBytes);
        TailBuffer stderr = new TailBuffer(tailBytes);
        Thread stdoutReader = startReader(process.getInputStream(), stdout, "stdout", pid);
        Thread stderrReader = startReader(process.getErrorStream(), stderr, "stderr", pid);

        boolean timedOut;
        try {
            timedOut = !process.waitFor(timeLimit.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            try {
                killEverything(process, pid);
            } finally {
                Thread.currentThread().interrupt();
            }
            throw new ProcessException("interrupted while waiting for the process", e)
                    .with("program", spec.program()).with("pid", pid);
        }
        long ended;
        if (timedOut) {
            killEverything(process, pid);
            awaitReaped(process, spec, pid, timeLimit);
            ended = System.nanoTime();
        } else {
            ended = System.nanoTime();
            // The program is gone; background members of its group must not outlive the run.
            group.kill(pid);
        }

        long readersDeadline = System.nanoTime() + grace.toNanos();
        boolean stdoutClosed = awaitReader(stdoutReader, readersDeadline);
        boolean stderrClosed = awaitReader(stderrReader, readersDeadline);
        ProcessResult result = new ProcessResult(pid, Termination.fromJdkExitValue(process.exitValue()),
                Duration.ofNanos(ended - started), timedOut, spec.limits(),
                stdout.tail(stdoutClosed), stderr.tail(stderrClosed));
        rejectLaunchFailure(result, spec);
        return result;
    }

    /**
     * Starts {@code spec} as {@link #run} does and hands it over running, for as long as the caller
     * keeps it: the caller then owns the child and its group, and must end them with
     * {@link RunningProcess#kill} (or {@code close}). Returns once the child leads its own process
     * group ({@code setsid} has run), so every later signal to the group reaches it, or once it has
     * already ended. A watchdog shell kills the group should this JVM die without ending it.
     *
     * @throws ProcessException when the program is not executable, the launch failed, or the child
     *                          did not lead its own group within the grace period (it is killed)
     */
    public RunningProcess start(ProcessSpec spec) {
        long started = System.nanoTime();
        Process process = launch(spec);
        long pid = process.pid();
        TailBuffer stdout = new TailBuffer(tailBytes);
        TailBuffer stderr = new TailBuffer(tailBytes);
        RunningProcess running = new RunningProcess(process, spec, group, grace, started, stdout, stderr,
                startReader(process.getInputStream(), stdout, "stdout", pid),
                startReader(process.getErrorStream(), stderr, "stderr", pid));
        running.awaitOwnGroup();
        running.watchedBy(watchdog(pid, spec.workingDirectory()));
        return running;
    }

    /**
     * A shell in a session of its own that kills group {@code pgid} once this JVM is gone, however
     * it went: a JVM killed by SIGKILL runs no shutdown hook, and a fuzzer left running or stopped
     * would hold its node's core and memory until someone found it. It looks once a second, and
     * kills the group only while its leader still works in {@code directory}, so that a group id
     * the system has given to someone else meanwhile is left alone.
     *
     * @throws ProcessException if the shell cannot be started
     */
    private Process watchdog(long pgid, Path directory) {
        String script = "while kill -0 \"$1\" 2>/dev/null; do sleep 1; done; "
                + "[ \"$(readlink /proc/\"$2\"/cwd)\" = \"$3\" ] && kill -s KILL -- \"-$2\" 2>/dev/null";
        List<String> command = List.of(tools.setsid().toString(), tools.shell().toString(), "-c", script,
                "frontier-watchdog", Long.toString(ProcessHandle.current().pid()), Long.toString(pgid),
                directory.toAbsolutePath().normalize().toString());
        try {
            return new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(DEV_NULL))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
        } catch (IOException e) {
            throw new ProcessException("watchdog of a long-lived process could not be started", e)
                    .with("pgid", pgid).with("shell", tools.shell());
        }
    }

    /** Starts the launch command of {@code spec} with exactly its environment. */
    private Process launch(ProcessSpec spec) {
        if (!Files.isRegularFile(spec.program()) || !Files.isExecutable(spec.program())) {
            throw new ProcessException("program is not an executable regular file").with("program", spec.program());
        }
        ProcessBuilder builder = new ProcessBuilder(launchCommand(spec))
                .directory(spec.workingDirectory().toFile())
                .redirectInput(ProcessBuilder.Redirect.from(spec.standardInput().map(Path::toFile).orElse(DEV_NULL)));
        builder.environment().clear();
        builder.environment().putAll(spec.environment());
        try {
            return builder.start();
        } catch (IOException e) {
            throw new ProcessException("process could not be started", e).with("program", spec.program())
                    .with("workingDirectory", spec.workingDirectory());
        }
    }

    /**
     * Kills the group, the descendants still visible (some may have left the group) and the child
     * itself, which covers the instant before {@code setsid} made the group exist.
     */
    private void killEverything(Process process, long pid) {
        List<ProcessHandle> descendants = process.descendants().toList();
        group.kill(pid);
        process.destroyForcibly();
        // ProcessHandle checks the start time before signalling, so a reused pid is never hit.
        descendants.forEach(ProcessHandle::destroyForcibly);
    }

    private void awaitReaped(Process process, ProcessSpec spec, long pid, Duration timeLimit) {
        try {
            if (!process.waitFor(grace.toNanos(), TimeUnit.NANOSECONDS)) {
                throw new ProcessException("process did not end after SIGKILL")
                        .with("program", spec.program()).with("pid", pid).with("timeLimit", timeLimit)
                        .with("grace", grace);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProcessException("interrupted while waiting for a killed process", e)
                    .with("program", spec.program()).with("pid", pid);
        }
    }

    static Thread startReader(InputStream stream, TailBuffer tail, String name, long pid) {
        Thread reader = new Thread(() -> {
            byte[] chunk = new byte[READ_CHUNK];
            try (stream) {
                for (int n = stream.read(chunk); n >= 0; n = stream.read(chunk)) {
                    tail.append(chunk, 0, n);
                }
            } catch (IOException e) {
                // The JDK closes a dead child's pipes on its own; whatever was read is the tail.
            }
        }, "process-" + pid + "-" + name);
        reader.setDaemon(true);
        reader.start();
        return reader;
    }

    /** Waits for a reader to see the end of its stream; false when {@code deadline} passed first. */
    static boolean awaitReader(Thread reader, long deadline) {
        long remaining = deadline - System.nanoTime();
        try {
            if (remaining > 0) {
                TimeUnit.NANOSECONDS.timedJoin(reader, remaining);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return !reader.isAlive();
    }

    /**
     * {@code setsid} and {@code prlimit} exit with 1, 126 or 127 and a message naming themselves
     * when they cannot do their part (limit refused, program not executable); the program never
     * ran, so there is no outcome to report.
     */
    static void rejectLaunchFailure(ProcessResult result, ProcessSpec spec) {
        if (!(result.termination() instanceof Termination.Exited exited)) {
            return;
        }
        int code = exited.code();
        String error = result.stderr().text();
        boolean toolMessage = !result.stderr().truncated()
                && (error.startsWith("prlimit: ") || error.startsWith("setsid: "));
        if ((code == 1 || code == 126 || code == 127) && toolMessage) {
            throw new ProcessException("process could not be launched").with("program", spec.program())
                    .with("exitCode", code).with("message", error.strip());
        }
    }
}
