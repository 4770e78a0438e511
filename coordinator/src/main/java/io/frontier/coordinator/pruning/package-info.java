/**
 * The coordinator's side of the campaign's shared SymCC pruning map: the union it hands to its
 * workers with each ASSIGN, the bits their valid RESULTs bring back, and its synchronisation with
 * the store, through which the workers of other coordinators and of earlier jobs take part.
 *
 * <p>Rule: only the bits of RESULTs judged valid are absorbed, the union only gains bits, and
 * the store is written with BIT_OR only, so coordinators never conflict over the map and a write
 * repeated or lost costs at most solver queries that could have been skipped.
 */
package io.frontier.coordinator.pruning;
