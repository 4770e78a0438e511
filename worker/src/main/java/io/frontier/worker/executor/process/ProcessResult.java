package io.frontier.worker.executor.process;

import java.time.Duration;

/**
 * How one child process ended.
 *
 * @param pid         the child's pid, which was also the id of its session and process group
 * @param termination its exit code or the signal that ended it (SIGKILL after a time-out)
 * @param wallTime    from just before the launch until the child's end was observed
 * @param timedOut    whether the runner killed the group because the time limit passed
 * @param limits      the resource limits the child ran under
 * @param stdout      tail of its standard output
 * @param stderr      tail of its standard error
 */
public record ProcessResult(long pid, Termination termination, Duration wallTime, boolean timedOut,
                            ResourceLimits limits, OutputTail stdout, OutputTail stderr) {
}
