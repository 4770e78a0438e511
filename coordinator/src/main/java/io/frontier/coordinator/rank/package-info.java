/**
 * The coordinator rank: one event loop on the thread that owns MPI, which admits seeds, claims
 * its share of work, dispatches it to the idle workers of its group, renews leases, turns each
 * RESULT into a commit or a rejection, and runs the termination protocol.
 *
 * <p>Rule: nothing is dispatched before replay of earlier epochs' commits and the audit of the
 * public corpus have finished, and nothing is dispatched while the termination protocol has
 * this coordinator frozen.
 */
package io.frontier.coordinator.rank;
