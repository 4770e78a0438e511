package io.frontier.worker.executor.process;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A JVM that starts {@code args[0]} as a running process, waits until it has written
 * {@code member.pid} beside itself, pauses it when {@code args[1]} is {@code paused}, prints its
 * pid, and then either returns from main ({@code args[2]} is {@code exit}) or waits to be
 * signalled.
 */
public final class OwnerExitProbe {

    private OwnerExitProbe() {
    }

    public static void main(String[] args) throws Exception {
        ProcessRunner runner = new ProcessRunner(SystemTools.find(), 1024, Duration.ofSeconds(5));
        Path program = Path.of(args[0]);
        RunningProcess process = runner.start(new ProcessSpec(program, List.of(), TestProcesses.PATH_ONLY,
                program.getParent(), Optional.empty(), ResourceLimits.NONE));
        TestProcesses.pidFrom(program.resolveSibling("member.pid"), Duration.ofSeconds(10));
        if (args[1].equals("paused")) {
            process.pause();
        }
        System.out.println(process.pid());
        System.out.flush();
        if (!args[2].equals("exit")) {
            Thread.sleep(Duration.ofMinutes(5).toMillis());
        }
    }
}
