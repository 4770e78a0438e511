/**
 * The worker rank: the loop that answers its coordinator's ASSIGNs with RESULTs and its SHUTDOWN
 * with an ACK, and the steps of one assignment (verified input copy, execution, staging).
 *
 * <p>Rule: a worker declares in a RESULT only children that are durably in its stage, and sends
 * a RESULT that the coordinator can accept only if the stage holds exactly those children and
 * the input it ran had exactly the bytes its name promises. Whatever goes wrong on the worker's
 * side is answered with a RESULT the coordinator must reject, never with silence and never with
 * a RESULT that hides lost children. The worker never writes the public corpus.
 */
package io.frontier.worker.rank;
