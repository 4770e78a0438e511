package io.frontier.tools.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A command of the host's own ({@code ip}, {@code kill}, ...) run to its end with a deadline;
 * its output is returned, and a failure names the command, its exit status and what it said.
 */
public final class HostCommand {

    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

    private HostCommand() {
    }

    /** Runs {@code command}; returns its standard output and error, or fails unless it exits 0. */
    public static String run(String... command) {
        Result result = attempt(List.of(command));
        if (result.exitCode() != 0) {
            throw new IllegalStateException("`" + String.join(" ", command) + "` exited with status "
                    + result.exitCode() + ": " + result.output().strip());
        }
        return result.output();
    }

    /** Runs {@code command} and returns how it ended, whatever its exit status. */
    public static Result attempt(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            byte[] output = process.getInputStream().readAllBytes();
            if (!process.waitFor(DEFAULT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("`" + String.join(" ", command) + "` did not end within "
                        + DEFAULT_TIMEOUT.toSeconds() + " s");
            }
            return new Result(process.exitValue(), new String(output, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("`" + String.join(" ", command) + "` could not be started: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while `" + String.join(" ", command) + "` ran", e);
        }
    }

    /** How a command ended: its exit status and everything it wrote. */
    public record Result(int exitCode, String output) {
    }
}
