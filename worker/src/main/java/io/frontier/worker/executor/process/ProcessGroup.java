package io.frontier.worker.executor.process;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Sends SIGKILL to a whole process group at once, with the system {@code kill} program (the JDK
 * can signal single processes only). The kernel delivers a group signal to every member
 * atomically, forks in flight included, and SIGKILL can be neither caught nor ignored, so one
 * call suffices. A group with no member left is not an error.
 */
final class ProcessGroup {

    /** Bound on one run of {@code kill}, which never blocks on its targets. */
    private static final long KILL_WAIT_SECONDS = 10;

    private final SystemTools tools;

    ProcessGroup(SystemTools tools) {
        this.tools = tools;
    }

    /** Sends SIGKILL to every member of group {@code pgid}; returns whether any member was signalled. */
    boolean kill(long pgid) {
        ProcessBuilder builder = new ProcessBuilder(List.of(tools.kill().toString(), "-s", "KILL", "--", "-" + pgid))
                .redirectInput(ProcessBuilder.Redirect.from(ProcessRunner.DEV_NULL))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        Process killer;
        try {
            killer = builder.start();
        } catch (IOException e) {
            throw new ProcessException("kill could not be started", e).with("kill", tools.kill()).with("pgid", pgid);
        }
        try {
            if (!killer.waitFor(KILL_WAIT_SECONDS, TimeUnit.SECONDS)) {
                killer.destroyForcibly();
                throw new ProcessException("kill did not finish")
                        .with("kill", tools.kill()).with("pgid", pgid).with("waitedSeconds", KILL_WAIT_SECONDS);
            }
        } catch (InterruptedException e) {
            killer.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new ProcessException("interrupted while killing a process group", e).with("pgid", pgid);
        }
        // kill exits 0 when it signalled a process, 1 when the group has no member left.
        return killer.exitValue() == 0;
    }
}
