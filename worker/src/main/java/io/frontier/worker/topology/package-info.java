/**
 * Who is who in a job: which ranks coordinate, which work, and which coordinator each worker
 * answers to.
 *
 * <p>Rule: every rank computes the same answers from the same two numbers (job size and
 * coordinator count), with no communication.
 */
package io.frontier.worker.topology;
