package io.frontier.worker.executor;

/**
 * How the target ended when the engine ran one of its outputs, as the engine itself saw it: an
 * output a fuzzer kept because it made the target crash or hang (AFL++'s {@code crashes/} and
 * {@code hangs/}).
 *
 * @param kind {@link ExitKind#CRASH} or {@link ExitKind#TIMEOUT}
 * @param signal the signal that ended the target for a crash (1 to 127), 0 for a time-out
 */
public record OutputEnd(ExitKind kind, int signal) {

    public OutputEnd {
        boolean crash = kind == ExitKind.CRASH && signal >= 1 && signal <= 127;
        boolean timeout = kind == ExitKind.TIMEOUT && signal == 0;
        if (!crash && !timeout) {
            throw new IllegalArgumentException("an output's end is a crash by a signal or a time-out: " + kind
                    + " " + signal);
        }
    }
}
