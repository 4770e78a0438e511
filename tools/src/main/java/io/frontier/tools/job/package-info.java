/**
 * Jobs: {@code frontier run} starts one on this machine with mpirun; {@code frontier rank} is what
 * mpirun or srun starts on every rank; {@code frontier stop} asks a running job to drain.
 *
 * <p>Rule: a job runs under exactly one epoch, fixed before any rank starts; a rank learns it
 * from the store, never from its arguments, so a rank of an older job cannot act in a newer one.
 * A launcher never leaves its job behind: while the job runs it takes SIGINT and SIGTERM, and
 * passes them on as a drain (the first) or by killing the whole job (the second).
 */
package io.frontier.tools.job;
