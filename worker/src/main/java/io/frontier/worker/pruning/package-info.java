/**
 * A worker's side of the campaign's shared SymCC pruning map: before a run whose assignment
 * hands it the campaign's map, the map is ORed into the executor's map file; after the run, the
 * bits the run added to the file go back to the coordinator in the RESULT.
 *
 * <p>Rule: the file only gains bits from the worker (it is ORed into, never replaced by a smaller
 * map), and what the RESULT carries is exactly what the file gained during the run. A failure to
 * read or write the file is reported and costs only the sharing: the run goes on with whatever
 * map SymCC finds, and the RESULT then carries no bits.
 *
 * <p>A run of a repeat round (an input claimed from tier 3 because its earlier run found nothing
 * new) starts from the empty map instead: the earlier run skipped every branch that other
 * inputs' runs had marked, and solving those branches on this input is the only thing a second
 * SymCC run of it can do differently. The worker's map is set aside for that run and ORed back
 * after it, so it loses no bit; the RESULT carries every bit the run set. A worker killed during
 * such a run loses its own map, which costs only solver queries that could have been skipped.
 */
package io.frontier.worker.pruning;
