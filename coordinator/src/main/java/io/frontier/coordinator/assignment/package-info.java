/**
 * What a coordinator has sent to its workers and not yet had answered.
 *
 * <p>Rule: a busy worker rank has exactly one active assignment, and a RESULT is matched to the
 * one of its MPI source, never to a work id it names. The result id, and with it the stage the
 * worker will write, is chosen by the coordinator before the ASSIGN is sent, so the coordinator
 * can find and remove that stage whatever the worker answers, or if it never answers.
 */
package io.frontier.coordinator.assignment;
