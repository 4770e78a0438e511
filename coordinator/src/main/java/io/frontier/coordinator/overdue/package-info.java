/**
 * When a coordinator stops waiting for a worker that does not answer.
 *
 * <p>Rule: a worker's oldest unanswered assignment is overdue once it has been out longer than
 * its time limit (the campaign's time limit times the item's factor; a fuzzing slice's length)
 * plus a grace ({@link io.frontier.coordinator.overdue.OverdueWatch#graceFor}). It counts from
 * when it was sent, or from the worker's previous RESULT if that came later, since a worker
 * starts an assignment only after answering the one before. A worker with an overdue assignment
 * is written off for the rest of the job: its assignments are forgotten and their leases
 * released, so their items are claimed again under new tokens and nothing the worker sends later
 * can commit. Only liveness depends on the clock here; safety stays with the exact token.
 */
package io.frontier.coordinator.overdue;
