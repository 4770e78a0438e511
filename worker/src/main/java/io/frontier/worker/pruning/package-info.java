/**
 * A worker's side of the campaign's shared SymCC pruning map: before a run whose assignment
 * hands it the campaign's map, the map is ORed into the executor's map file; after the run, the
 * bits the run added to the file go back to the coordinator in the RESULT.
 *
 * <p>Rule: the file only gains bits from the worker (it is ORed into, never replaced by a smaller
 * map), and what the RESULT carries is exactly what the file gained during the run. A failure to
 * read or write the file is reported and costs only the sharing: the run goes on with whatever
 * map SymCC finds, and the RESULT then carries no bits.
 */
package io.frontier.worker.pruning;
