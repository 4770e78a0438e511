package io.frontier.worker.executor.process;

/**
 * How a process ended: it exited with a code, or a signal ended it.
 *
 * <p>Which layer this describes: the JDK reports a child that a signal ended as the exit value
 * {@code 128 + N} (the shell convention), and a shell script whose last command died by signal
 * N exits normally with that same value. The two cannot be told apart from Java, so both are read
 * as {@link Signaled}: values 129 to 128 + {@link Signals#MAX} mean "signal N ended the program or
 * the command it was waiting for". A program that calls {@code exit(134)} is therefore read as
 * SIGABRT. Values above that range (SymCC's {@code exit(-1)} gives 255) are exit codes.
 */
public sealed interface Termination permits Termination.Exited, Termination.Signaled {

    /** Decodes the value {@link Process#exitValue()} returned. */
    static Termination fromJdkExitValue(int value) {
        if (value > 128 && value <= 128 + Signals.MAX) {
            return new Signaled(value - 128);
        }
        return new Exited(value);
    }

    /** The process called {@code exit(code)}; {@code code} is 0 to 255. */
    record Exited(int code) implements Termination {

        public Exited {
            if (code < 0 || code > 255) {
                throw new IllegalArgumentException("an exit code is 0 to 255, got " + code);
            }
        }

        @Override
        public String toString() {
            return "exit " + code;
        }
    }

    /** Signal {@code signal} ended the process (or the command a wrapping shell waited for). */
    record Signaled(int signal) implements Termination {

        public Signaled {
            if (signal < 1 || signal > Signals.MAX) {
                throw new IllegalArgumentException("a signal is 1 to " + Signals.MAX + ", got " + signal);
            }
        }

        @Override
        public String toString() {
            return Signals.name(signal);
        }
    }
}
