package io.frontier.tools.job;

import io.frontier.store.error.FrontierException;
import io.frontier.worker.executor.process.SystemTools;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Ends a job at once: mpirun, its ranks and everything they started (executions run in process
 * groups of their own, so no group signal reaches them all).
 *
 * <p>The tree is frozen (SIGSTOP) before anything is killed, listing it again until no new
 * process appears: a rank killed while it starts an execution would leave that execution behind,
 * reparented away from the tree. Then every frozen process gets SIGKILL, and the kill waits until
 * each has exited, so the store is read only after the last writer is gone.
 */
final class JobTreeKill {

    private static final Duration EXIT_AFTER_KILL = Duration.ofSeconds(30);

    private JobTreeKill() {
    }

    /** Kills {@code root} and all its descendants; returns how many processes were killed. */
    static int kill(ProcessHandle root) throws InterruptedException {
        Path killTool = SystemTools.find().kill();
        Set<ProcessHandle> frozen = new LinkedHashSet<>();
        List<ProcessHandle> fresh = root.isAlive() ? List.of(root) : List.of();
        while (!fresh.isEmpty()) {
            freeze(killTool, fresh);
            frozen.addAll(fresh);
            fresh = root.descendants().filter(ProcessHandle::isAlive).filter(process -> !frozen.contains(process))
                    .toList();
        }
        frozen.forEach(ProcessHandle::destroyForcibly);
        long deadline = System.nanoTime() + EXIT_AFTER_KILL.toNanos();
        for (ProcessHandle process : frozen) {
            while (running(process.pid())) {
                if (System.nanoTime() > deadline) {
                    throw new FrontierException("a process of the job still runs after SIGKILL")
                            .with("pid", process.pid()).with("seconds", EXIT_AFTER_KILL.toSeconds());
                }
                Thread.sleep(5);
            }
        }
        return frozen.size();
    }

    /** SIGSTOP to {@code processes} with one kill(1); one that ended meanwhile is simply not there. */
    private static void freeze(Path killTool, List<ProcessHandle> processes) throws InterruptedException {
        List<String> command = new ArrayList<>(List.of(killTool.toString(), "-s", "STOP"));
        processes.forEach(process -> command.add(Long.toString(process.pid())));
        try {
            Process kill = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!kill.waitFor(10, TimeUnit.SECONDS)) {
                kill.destroyForcibly();
            }
        } catch (IOException e) {
            throw new FrontierException("kill(1) could not be started to freeze the job", e).with("kill", killTool);
        }
    }

    /** Whether {@code pid} still runs: a zombie has closed its files and holds no lock any more. */
    private static boolean running(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.ISO_8859_1);
            char state = stat.charAt(stat.lastIndexOf(')') + 2);
            return state != 'Z' && state != 'X';
        } catch (IOException gone) {
            return false;
        }
    }
}
