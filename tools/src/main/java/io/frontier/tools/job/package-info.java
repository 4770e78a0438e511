/**
 * Jobs: {@code frontier run} starts one on this machine with mpirun; {@code frontier rank} is what
 * mpirun or srun starts on every rank.
 *
 * <p>Rule: a job runs under exactly one epoch, fixed before any rank starts; a rank learns it
 * from the store, never from its arguments, so a rank of an older job cannot act in a newer one.
 */
package io.frontier.tools.job;
