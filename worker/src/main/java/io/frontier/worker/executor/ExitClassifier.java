package io.frontier.worker.executor;

import io.frontier.worker.executor.process.ProcessResult;
import io.frontier.worker.executor.process.Signals;
import io.frontier.worker.executor.process.Termination;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Maps how a process ended to an {@link ExitKind}, by the table in that enum's documentation.
 *
 * <p>What can and cannot be detected about memory: the JDK gives no resource usage of a reaped
 * child, so peak memory is unknown. Under the address-space limit an allocation fails inside the
 * target; whether that shows depends on the target: C++ throws {@code std::bad_alloc} and aborts,
 * Z3 and most runtimes print a message and exit, both of which are found through the messages
 * below. A C program that ignores a NULL from {@code malloc} and dereferences it dies by SIGSEGV
 * and stays a CRASH. A SIGKILL that the executor did not send is almost always the kernel's OOM
 * killer (or a batch system's memory cgroup); it is also what a target that ignores SIGXCPU
 * receives at the hard CPU limit, and what a {@code kill -9} by hand sends.
 */
final class ExitClassifier {

    /** Lower-case fragments that allocation failures print (C++, glibc, bash, awk, Z3, ASan, JVM, Python). */
    private static final List<String> ALLOCATION_FAILURE_MESSAGES = List.of(
            "out of memory", "cannot allocate", "bad_alloc", "memory exhausted", "memoryerror");

    private static final Set<Integer> FAULT_SIGNALS = Set.of(Signals.SIGILL, Signals.SIGTRAP, Signals.SIGABRT,
            Signals.SIGBUS, Signals.SIGFPE, Signals.SIGSEGV, Signals.SIGSYS);

    private ExitClassifier() {
    }

    static ExitKind classify(ProcessResult result) {
        if (result.timedOut()) {
            return ExitKind.TIMEOUT;
        }
        boolean allocationFailed = reportsAllocationFailure(result.stderr().text());
        if (result.termination() instanceof Termination.Signaled signaled) {
            int signal = signaled.signal();
            if (signal == Signals.SIGXCPU) {
                return ExitKind.TIMEOUT;
            }
            if (signal == Signals.SIGKILL || signal == Signals.SIGXFSZ) {
                return ExitKind.OOM;
            }
            if (signal == Signals.SIGABRT && allocationFailed) {
                return ExitKind.OOM;
            }
            return FAULT_SIGNALS.contains(signal) ? ExitKind.CRASH : ExitKind.KILLED;
        }
        Termination.Exited exited = (Termination.Exited) result.termination();
        return exited.code() != 0 && allocationFailed ? ExitKind.OOM : ExitKind.OK;
    }

    private static boolean reportsAllocationFailure(String stderr) {
        String text = stderr.toLowerCase(Locale.ROOT);
        return ALLOCATION_FAILURE_MESSAGES.stream().anyMatch(text::contains);
    }
}
