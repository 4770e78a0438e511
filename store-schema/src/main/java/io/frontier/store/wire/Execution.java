package io.frontier.store.wire;

import io.frontier.store.error.InvalidInputException;
import java.util.regex.Pattern;

/**
 * What one execution of the target did, as the worker measured it. The coordinator records
 * these figures for the campaign summary; it does not judge the result by them.
 *
 * @param executor which kind of executor ran ({@code symcc}, {@code afl}, {@code command}, or
 *     {@code none} when nothing ran): the same word rules as the exit kind
 * @param exitKind the executor's word for how the run ended ({@code ok}, {@code crash},
 *     {@code timeout}, {@code oom}, ...): 1 to 32 characters of {@code [a-z_]}, starting with a
 *     letter
 * @param status the exit code (0 to 255) if the process exited, or the signal number (1 to 127)
 *     that ended it if {@code signaled}
 * @param wallMillis wall-clock time of the execution, at least 0
 * @param timedOut true if the worker killed the run at its time limit
 */
public record Execution(String executor, String exitKind, int status, boolean signaled, long wallMillis, boolean timedOut) {

    private static final Pattern EXIT_KIND = Pattern.compile("[a-z][a-z_]{0,31}");
    private static final int MAX_EXIT_CODE = 255;
    private static final int MAX_SIGNAL = 127;

    public Execution {
        if (!ExecutorKind.isWellFormed(executor)) {
            throw new InvalidInputException("executor is not 1 to 32 characters of [a-z_]").with("executor", executor);
        }
        if (exitKind == null || !EXIT_KIND.matcher(exitKind).matches()) {
            throw new InvalidInputException("exit kind is not 1 to 32 characters of [a-z_]").with("exitKind", exitKind);
        }
        boolean statusInRange = signaled ? status >= 1 && status <= MAX_SIGNAL : status >= 0 && status <= MAX_EXIT_CODE;
        if (!statusInRange || wallMillis < 0) {
            throw new InvalidInputException("execution status or wall time out of range")
                    .with("status", status).with("signaled", signaled).with("wallMillis", wallMillis);
        }
    }
}
