package io.frontier.tools.job;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The real processes of the jobs this test JVM launched (each {@code frontier run} or
 * {@code resume} runs in-process and starts mpirun as a child), found through the process tree
 * and Open MPI's per-rank environment, and the signals a fault test sends them.
 */
final class JobProcesses {

    private static final String RANK_VARIABLE = "OMPI_COMM_WORLD_RANK=";
    private static final Duration EXIT_AFTER_KILL = Duration.ofSeconds(30);

    private JobProcesses() {
    }

    /** The mpirun processes this JVM started and that still run. */
    static List<ProcessHandle> mpiruns() {
        return ProcessHandle.current().children()
                .filter(ProcessHandle::isAlive)
                .filter(child -> child.info().commandLine().map(line -> line.contains(" -np ")).orElse(false))
                .toList();
    }

    /** The process of global rank {@code rank} among the descendants of {@code mpirun}. */
    static Optional<ProcessHandle> rank(ProcessHandle mpirun, int rank) {
        return mpirun.descendants()
                .filter(ProcessHandle::isAlive)
                .filter(process -> rankOf(process).equals(Optional.of(rank)))
                .findFirst();
    }

    /** The global rank Open MPI gave {@code process}, if it is a rank. */
    static Optional<Integer> rankOf(ProcessHandle process) {
        try {
            byte[] environment = Files.readAllBytes(Path.of("/proc", Long.toString(process.pid()), "environ"));
            for (String entry : new String(environment, StandardCharsets.UTF_8).split("\0")) {
                if (entry.startsWith(RANK_VARIABLE)) {
                    return Optional.of(Integer.parseInt(entry.substring(RANK_VARIABLE.length())));
                }
            }
        } catch (IOException | NumberFormatException gone) {
            // The process ended meanwhile, or is not a rank.
        }
        return Optional.empty();
    }

    /** Sends {@code signal} (e.g. STOP, CONT) to {@code pid} and waits for kill(1) to say it did. */
    static void signal(long pid, String signal) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start();
        if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
            kill.destroyForcibly();
            throw new IllegalStateException("kill -" + signal + " " + pid + " failed");
        }
    }

    /** SIGCONT to {@code pid} if it still runs; for {@code finally} blocks after a SIGSTOP. */
    static void continueIfAlive(long pid) throws IOException, InterruptedException {
        if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            new ProcessBuilder("kill", "-CONT", Long.toString(pid)).start().waitFor(10, TimeUnit.SECONDS);
        }
    }

    /**
     * SIGKILL to {@code mpirun} and every process under it at once, as when a node is lost, and
     * waits until each has exited. mpirun may end before its ranks do, and a rank killed inside
     * a SQLite commit may have written its WAL frames without publishing them in the shared
     * index yet: a reader opening the store while that rank still lives does not see the commit,
     * the next job's recovery of the WAL does. What the job left must be read after it is gone.
     */
    static void killJob(ProcessHandle mpirun) throws InterruptedException {
        List<ProcessHandle> all = new ArrayList<>(mpirun.descendants().toList());
        all.add(mpirun);
        all.forEach(ProcessHandle::destroyForcibly);
        Instant deadline = Instant.now().plus(EXIT_AFTER_KILL);
        for (ProcessHandle process : all) {
            while (running(process.pid())) {
                if (Instant.now().isAfter(deadline)) {
                    throw new IllegalStateException("process " + process.pid() + " still runs "
                            + EXIT_AFTER_KILL.toSeconds() + " s after SIGKILL");
                }
                Thread.sleep(5);
            }
        }
    }

    /**
     * Whether {@code pid} still runs: a zombie does not, since the kernel closed its files and
     * dropped its locks before it became one, whoever reaps it and whenever.
     */
    private static boolean running(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.ISO_8859_1);
            char state = stat.charAt(stat.lastIndexOf(')') + 2);
            return state != 'Z' && state != 'X';
        } catch (IOException gone) {
            return false;
        }
    }

    /** Kills every job of this JVM still running; for {@code finally} blocks, so no test leaves one behind. */
    static void killLeftovers() throws InterruptedException {
        for (ProcessHandle mpirun : mpiruns()) {
            killJob(mpirun);
        }
    }
}
