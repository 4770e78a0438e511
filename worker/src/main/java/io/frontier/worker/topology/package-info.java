/**
 * Who is who in a job: which ranks coordinate, which work, and which coordinator each worker
 * answers to; and which coordinator owns which bucket of work ids.
 *
 * <p>Rule: every rank computes the same answers from the same two numbers (job size and
 * coordinator count) and the same work id, with no communication.
 */
package io.frontier.worker.topology;
