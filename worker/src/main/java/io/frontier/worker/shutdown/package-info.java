/**
 * A worker's side of the end of a job: answering its coordinator's SHUTDOWN.
 *
 * <p>Rule: a worker answers a SHUTDOWN only from its own coordinator, with exactly one ACK, and
 * sends nothing after it; the coordinator counts on that to know the worker is done.
 */
package io.frontier.worker.shutdown;
