package io.frontier.worker.executor.process;

import java.util.Map;

/**
 * The Linux signal numbers the runner and the exit classification talk about. The numbers are
 * those of x86-64 and arm64 (the generic Linux numbering); other architectures are not supported.
 */
public final class Signals {

    public static final int SIGHUP = 1;
    public static final int SIGINT = 2;
    public static final int SIGQUIT = 3;
    public static final int SIGILL = 4;
    public static final int SIGTRAP = 5;
    public static final int SIGABRT = 6;
    public static final int SIGBUS = 7;
    public static final int SIGFPE = 8;
    public static final int SIGKILL = 9;
    public static final int SIGSEGV = 11;
    public static final int SIGPIPE = 13;
    public static final int SIGALRM = 14;
    public static final int SIGTERM = 15;
    public static final int SIGXCPU = 24;
    public static final int SIGXFSZ = 25;
    public static final int SIGSYS = 31;
    /** Highest signal number on Linux (the last real-time signal). */
    public static final int MAX = 64;

    private static final Map<Integer, String> NAMES = Map.ofEntries(
            Map.entry(SIGHUP, "SIGHUP"), Map.entry(SIGINT, "SIGINT"), Map.entry(SIGQUIT, "SIGQUIT"),
            Map.entry(SIGILL, "SIGILL"), Map.entry(SIGTRAP, "SIGTRAP"), Map.entry(SIGABRT, "SIGABRT"),
            Map.entry(SIGBUS, "SIGBUS"), Map.entry(SIGFPE, "SIGFPE"), Map.entry(SIGKILL, "SIGKILL"),
            Map.entry(10, "SIGUSR1"), Map.entry(SIGSEGV, "SIGSEGV"), Map.entry(12, "SIGUSR2"),
            Map.entry(SIGPIPE, "SIGPIPE"), Map.entry(SIGALRM, "SIGALRM"), Map.entry(SIGTERM, "SIGTERM"),
            Map.entry(SIGXCPU, "SIGXCPU"), Map.entry(SIGXFSZ, "SIGXFSZ"), Map.entry(SIGSYS, "SIGSYS"));

    private Signals() {
    }

    /** The usual name of {@code signal} ("SIGSEGV"), or "signal N" for one without a name here. */
    public static String name(int signal) {
        return NAMES.getOrDefault(signal, "signal " + signal);
    }
}
