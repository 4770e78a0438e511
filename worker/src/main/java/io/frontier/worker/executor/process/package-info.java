/**
 * Runs one child process in a session of its own, under resource limits and a wall-time limit,
 * and reports how it ended; or starts one that its caller keeps, pauses and resumes as a whole
 * group. Knows nothing about inputs, corpora, SymCC or exit kinds.
 *
 * <p>Rule: nothing of the child's process group outlives {@link
 * io.frontier.worker.executor.process.ProcessRunner#run}, or the leader of a
 * {@link io.frontier.worker.executor.process.RunningProcess}, or its
 * {@link io.frontier.worker.executor.process.RunningProcess#kill}. The child is started through
 * {@code setsid} (new session and process group, whose id is the child's pid) and {@code prlimit}
 * (limits set before the program runs, core dumps always off); both exec, so the process the JDK
 * watches is the program itself. When the run ends, for whatever reason, the whole group gets
 * SIGKILL. Every wait has a deadline, and the child's output is kept only as bounded tails.
 *
 * <p>What this cannot contain: a descendant that starts a session or group of its own
 * ({@code setsid}, {@code setpgid}, daemons) is no longer in the group and survives; at a time
 * limit the runner also kills the descendants it can still see, but after a normal exit an
 * orphaned escapee is out of reach. Only a cgroup could close that gap.
 */
package io.frontier.worker.executor.process;
