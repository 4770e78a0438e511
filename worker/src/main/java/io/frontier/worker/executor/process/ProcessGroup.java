package io.frontier.worker.executor.process;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Sends a signal to a whole process group at once (the JDK can signal single processes only).
 * The kernel delivers a group signal to every member atomically, forks in flight included; for
 * SIGKILL and SIGSTOP, which can be neither caught nor ignored, and SIGCONT, whose continuing
 * cannot be, one call therefore suffices. A group with no member left is not an error.
 *
 * <p>Every execution ends with a SIGKILL to its group, so signalling is on the hot path: a
 * long-lived POSIX shell whose builtin {@code kill} signals the group saves a fork and exec of the
 * {@code kill} program per signal. If that shell dies or does not answer in time, the {@code kill}
 * program is used instead. Thread-safe.
 */
final class ProcessGroup {

    /** The signals the runner sends to groups, by the names both {@code kill}s take after {@code -s}. */
    enum Signal {
        /** Ends every member; cannot be caught. */
        KILL,
        /** Asks every member to end; a stopped member acts on it only once continued. */
        TERM,
        /** Stops every member until SIGCONT; cannot be caught. */
        STOP,
        /** Continues every stopped member. */
        CONT
    }

    /** Bound on one signal, by either path; neither ever blocks on its targets. */
    private static final long SIGNAL_WAIT_SECONDS = 10;
    /** Pause between two looks for the shell's answer. */
    private static final long ANSWER_POLL_NANOS = 20_000;

    private final SystemTools tools;

    /** The long-lived shell, or null before its first use and after it failed. */
    private Process shell;
    private Writer shellInput;
    private BufferedReader shellOutput;

    ProcessGroup(SystemTools tools) {
        this.tools = tools;
    }

    /** Sends SIGKILL to every member of group {@code pgid}; returns whether any member was signalled. */
    boolean kill(long pgid) {
        return signal(pgid, Signal.KILL);
    }

    /** Sends {@code signal} to every member of group {@code pgid}; returns whether any member was signalled. */
    synchronized boolean signal(long pgid, Signal signal) {
        Boolean signalled = signalThroughShell(pgid, signal);
        return signalled != null ? signalled : signalWithProgram(pgid, signal);
    }

    /** The shell's verdict, or null if the shell could not give one (it is then discarded). */
    private Boolean signalThroughShell(long pgid, Signal signal) {
        try {
            if (shell == null || !shell.isAlive()) {
                startShell();
            }
            shellInput.write("kill -s " + signal + " -- -" + pgid + " 2>/dev/null; echo $?\n");
            shellInput.flush();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(SIGNAL_WAIT_SECONDS);
            while (!shellOutput.ready()) {
                if (System.nanoTime() > deadline || !shell.isAlive()) {
                    discardShell();
                    return null;
                }
                LockSupport.parkNanos(ANSWER_POLL_NANOS);
            }
            String status = shellOutput.readLine();
            if (status == null) {
                discardShell();
                return null;
            }
            return "0".equals(status.trim());
        } catch (IOException e) {
            discardShell();
            return null;
        }
    }

    private void startShell() throws IOException {
        shell = new ProcessBuilder(List.of(tools.shell().toString()))
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        shellInput = new OutputStreamWriter(shell.getOutputStream(), StandardCharsets.US_ASCII);
        shellOutput = new BufferedReader(new InputStreamReader(shell.getInputStream(), StandardCharsets.US_ASCII));
    }

    private void discardShell() {
        if (shell != null) {
            shell.destroyForcibly();
        }
        shell = null;
        shellInput = null;
        shellOutput = null;
    }

    private boolean signalWithProgram(long pgid, Signal signal) {
        ProcessBuilder builder = new ProcessBuilder(List.of(tools.kill().toString(), "-s", signal.name(), "--",
                "-" + pgid))
                .redirectInput(ProcessBuilder.Redirect.from(ProcessRunner.DEV_NULL))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        Process killer;
        try {
            killer = builder.start();
        } catch (IOException e) {
            throw new ProcessException("kill could not be started", e).with("kill", tools.kill()).with("pgid", pgid)
                    .with("signal", signal);
        }
        try {
            if (!killer.waitFor(SIGNAL_WAIT_SECONDS, TimeUnit.SECONDS)) {
                killer.destroyForcibly();
                throw new ProcessException("kill did not finish").with("kill", tools.kill()).with("pgid", pgid)
                        .with("signal", signal).with("waitedSeconds", SIGNAL_WAIT_SECONDS);
            }
        } catch (InterruptedException e) {
            killer.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new ProcessException("interrupted while signalling a process group", e).with("pgid", pgid)
                    .with("signal", signal);
        }
        // kill exits 0 when it signalled a process, 1 when the group has no member left.
        return killer.exitValue() == 0;
    }
}
