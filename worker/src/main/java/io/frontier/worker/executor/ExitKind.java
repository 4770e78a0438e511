package io.frontier.worker.executor;

/**
 * What one input did to the target, in LibAFL's words, plus {@link #KILLED} for ends that say
 * nothing about the input. How a process end maps to a kind (the first matching row wins):
 *
 * <pre>
 * how the process ended                                         kind
 * ------------------------------------------------------------  -------
 * running at the time limit; executor killed the group          TIMEOUT
 * SIGXCPU (CPU-seconds limit)                                   TIMEOUT
 * SIGKILL not sent by the executor                              OOM
 * SIGXFSZ (file-size limit)                                     OOM
 * SIGABRT, or exit code != 0, with an allocation-failure
 *   message in the stderr tail                                  OOM
 * SIGILL SIGTRAP SIGABRT SIGBUS SIGFPE SIGSEGV SIGSYS           CRASH
 * any other signal                                              KILLED
 * exit code 0..255                                              OK
 * </pre>
 *
 * <p>Exit values 129 to 192 are read as signals, whether the program died by the signal or a
 * wrapping shell reported its command's death (see
 * {@link io.frontier.worker.executor.process.Termination}).
 */
public enum ExitKind {
    /** The target exited by itself, with any exit code, and no limit was hit. */
    OK,
    /** A fault signal ended the target: SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV, SIGSYS. */
    CRASH,
    /** The wall-time limit passed (the executor killed the group) or the CPU-time limit did. */
    TIMEOUT,
    /**
     * The target ran out of memory or of another space limit: an allocation failure it reported,
     * a SIGKILL that the executor did not send (the kernel's OOM killer), or the file-size limit.
     */
    OOM,
    /**
     * Another signal ended the target (SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, ...),
     * typically sent from outside, e.g. by a batch system ending the job. Not a finding: the
     * input's outcome is unknown.
     */
    KILLED
}
