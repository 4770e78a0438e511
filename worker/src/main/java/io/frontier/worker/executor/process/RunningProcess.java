package io.frontier.worker.executor.process;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A child that {@link ProcessRunner#start} launched in a session and process group of its own
 * (the group's id is the child's pid), kept running until its owner ends it: a long-lived program
 * such as a fuzzer, which the owner may stop and continue as a whole.
 *
 * <p>Signals go to the whole group at once, so {@link #pause} stops every member, forks in flight
 * included, and {@link #resume} continues them all. Processes that left the group (a descendant
 * that started a session of its own, as AFL++'s fork server does) are not paused: what they do
 * while their parent is stopped is the owner's business. {@link #kill} reaches them too while they
 * are still visible as descendants.
 *
 * <p>When the child ends by itself, the rest of its group is killed at once, as after
 * {@link ProcessRunner#run}: nothing of the group outlives its leader. Once the child has ended,
 * no signal is sent to its group any more (its id may be reused).
 *
 * <p>Ownership: one owner, which must call {@link #kill} or {@link #close} in every case; both are
 * idempotent. Should this JVM exit first (its end, System.exit, SIGTERM, SIGINT), a shutdown hook
 * kills the group as {@link #kill} does, stopped or not: a child never outlives its owner by an
 * exit the JVM sees. A JVM killed by SIGKILL runs no hook; a watchdog shell outside the JVM then
 * kills the group within about a second ({@link ProcessRunner#start}). Output is kept as bounded tails, read by two threads for as
 * long as the streams are open. Thread-safe.
 */
public final class RunningProcess implements AutoCloseable {

    /** Pause between two looks at whether the child leads its group yet. */
    private static final long GROUP_POLL_NANOS = 200_000;

    private final Process process;
    private final ProcessSpec spec;
    private final ProcessGroup group;
    private final Duration grace;
    private final long pid;
    private final long started;
    private final TailBuffer stdout;
    private final TailBuffer stderr;
    private final Thread stdoutReader;
    private final Thread stderrReader;
    /** {@link System#nanoTime} when the JDK saw the child end; 0 while it runs. */
    private volatile long ended;
    /** Kills the group if the JVM exits while the child runs; unregistered once the child has ended. */
    private final Thread ownerExit;
    /**
     * A shell outside this JVM that kills the group once the JVM is gone, however it went (see
     * {@link ProcessRunner#start}); ended with the child. Null until {@link #watchedBy}.
     */
    private volatile Process watchdog;

    RunningProcess(Process process, ProcessSpec spec, ProcessGroup group, Duration grace, long started,
                   TailBuffer stdout, TailBuffer stderr, Thread stdoutReader, Thread stderrReader) {
        this.process = process;
        this.spec = spec;
        this.group = group;
        this.grace = grace;
        this.pid = process.pid();
        this.started = started;
        this.stdout = stdout;
        this.stderr = stderr;
        this.stdoutReader = stdoutReader;
        this.stderrReader = stderrReader;
        this.ownerExit = new Thread(this::kill, "kill-group-" + pid);
        Runtime.getRuntime().addShutdownHook(ownerExit);
        process.onExit().thenRun(() -> {
            ended = System.nanoTime();
            // The leader is gone; background members of its group must not outlive it.
            group.kill(pid);
            forgetOwnerExit();
            endWatchdog();
        });
    }

    /** Hands over the watchdog that kills the group should this JVM die; it ends with the child. */
    void watchedBy(Process shell) {
        watchdog = shell;
        if (!process.isAlive()) {
            endWatchdog();
        }
    }

    private void endWatchdog() {
        Process shell = watchdog;
        if (shell != null) {
            shell.destroyForcibly();
        }
    }

    /** The child's pid, which is also the id of its session and process group. */
    public long pid() {
        return pid;
    }

    /** Whether the child has not ended yet. */
    public boolean alive() {
        return process.isAlive();
    }

    /**
     * Stops every member of the group (SIGSTOP); nothing happens once the child has ended. The
     * kernel stops each member on its own way back from the CPU, so one may still be running for
     * a moment after this returns: a caller that needs them stopped watches {@link ProcStat}.
     */
    public void pause() {
        signalWhileAlive(ProcessGroup.Signal.STOP);
    }

    /** Continues every stopped member of the group (SIGCONT); nothing happens once the child has ended. */
    public void resume() {
        signalWhileAlive(ProcessGroup.Signal.CONT);
    }

    /**
     * Asks the group to end: SIGTERM, then SIGCONT, so that stopped members act on it. The child
     * may take its time or refuse; {@link #awaitEnd} and {@link #kill} decide what happens next.
     */
    public void terminate() {
        signalWhileAlive(ProcessGroup.Signal.TERM);
        signalWhileAlive(ProcessGroup.Signal.CONT);
    }

    /**
     * Waits until the child ends or {@code bound} passes; returns whether it has ended.
     *
     * @throws ProcessException when the calling thread is interrupted (the child is left running,
     *                          for its owner to kill)
     */
    public boolean awaitEnd(Duration bound) {
        try {
            return process.waitFor(Math.max(0, bound.toNanos()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProcessException("interrupted while waiting for the process", e)
                    .with("program", spec.program()).with("pid", pid);
        }
    }

    /**
     * Kills the group, then the group of every descendant still visible (those that left this
     * group lead groups of their own), then those descendants themselves, and waits for the child
     * to be reaped. A child that has already ended is left as it is: its group was killed when it
     * ended. Idempotent.
     *
     * @throws ProcessException when the child did not end within the grace period after SIGKILL
     */
    public synchronized void kill() {
        if (process.isAlive()) {
            // Listed before the leader dies: its orphans are no longer its descendants afterwards.
            List<ProcessHandle> descendants = process.descendants().toList();
            group.kill(pid);
            Set<Long> groups = new LinkedHashSet<>();
            for (ProcessHandle descendant : descendants) {
                ProcStat.read(descendant.pid()).ifPresent(stat -> groups.add(stat.processGroup()));
            }
            groups.remove(pid);
            groups.forEach(group::kill);
            process.destroyForcibly();
            // ProcessHandle checks the start time before signalling, so a reused pid is never hit.
            descendants.forEach(ProcessHandle::destroyForcibly);
        }
        endWatchdog();
        if (!awaitEnd(grace)) {
            throw new ProcessException("process did not end after SIGKILL").with("program", spec.program())
                    .with("pid", pid).with("grace", grace);
        }
    }

    /** {@link #kill}. */
    @Override
    public void close() {
        kill();
    }

    /** How the child ended, or empty while it runs. */
    public Optional<Termination> termination() {
        return process.isAlive() ? Optional.empty() : Optional.of(Termination.fromJdkExitValue(process.exitValue()));
    }

    /** Time from just before the launch until the child's end was seen, or until now while it runs. */
    public Duration wallTime() {
        long end = ended;
        return Duration.ofNanos((end == 0 ? System.nanoTime() : end) - started);
    }

    /** The tail of its standard output so far. */
    public OutputTail stdout() {
        return stdout.tail(!stdoutReader.isAlive());
    }

    /** The tail of its standard error so far. */
    public OutputTail stderr() {
        return stderr.tail(!stderrReader.isAlive());
    }

    /**
     * How the child ended, with its output tails once the streams have closed (waiting at most the
     * grace period for them).
     *
     * @throws IllegalStateException while the child runs
     * @throws ProcessException      when {@code setsid} or {@code prlimit} could not launch the
     *                               program (it never ran)
     */
    public ProcessResult result() {
        if (process.isAlive()) {
            throw new IllegalStateException("process " + pid + " is still running");
        }
        long readersDeadline = System.nanoTime() + grace.toNanos();
        boolean stdoutClosed = ProcessRunner.awaitReader(stdoutReader, readersDeadline);
        boolean stderrClosed = ProcessRunner.awaitReader(stderrReader, readersDeadline);
        ProcessResult result = new ProcessResult(pid, termination().orElseThrow(), wallTime(), false, spec.limits(),
                stdout.tail(stdoutClosed), stderr.tail(stderrClosed));
        ProcessRunner.rejectLaunchFailure(result, spec);
        return result;
    }

    /**
     * Waits until {@code setsid} has made the child the leader of its group, or the child ended.
     *
     * @throws ProcessException when neither happened within the grace period; the child is killed
     */
    void awaitOwnGroup() {
        long deadline = System.nanoTime() + grace.toNanos();
        while (process.isAlive()) {
            Optional<ProcStat> stat = ProcStat.read(pid);
            if (stat.isEmpty() || stat.get().processGroup() == pid) {
                return;
            }
            if (System.nanoTime() > deadline) {
                process.destroyForcibly();
                throw new ProcessException("process did not start its own process group")
                        .with("program", spec.program()).with("pid", pid).with("grace", grace);
            }
            LockSupport.parkNanos(GROUP_POLL_NANOS);
        }
    }

    private void forgetOwnerExit() {
        try {
            Runtime.getRuntime().removeShutdownHook(ownerExit);
        } catch (IllegalStateException e) {
            // The JVM is exiting: the hook runs now or has run, and kill is idempotent.
        }
    }

    private void signalWhileAlive(ProcessGroup.Signal signal) {
        if (process.isAlive()) {
            group.signal(pid, signal);
        }
    }
}
