/**
 * Stop requests: an operator's or a launcher's request that one job drain and end, as at a
 * budget. A request is a file in the campaign directory, {@value StopRequest#FILE}, naming the
 * epoch of the job it stops; every coordinator looks for it on its own, like it checks its
 * budget, so the request reaches ranks started by mpirun, srun or any other launcher, on any node
 * that sees the campaign directory.
 *
 * <p>Rule: a request stops only the job of the epoch it names, so a request left behind never
 * stops the job a later {@code frontier resume} starts; and it never cuts work short: running
 * executions finish and commit, and the campaign stays resumable.
 */
package io.frontier.coordinator.stop;
