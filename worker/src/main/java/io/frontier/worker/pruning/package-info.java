/**
 * A worker's pruning map files: the campaign's shared SymCC pruning map on the worker's side, and
 * the map of its lower-tier runs kept apart from that of its tier-0 runs.
 *
 * <p>Shared map: before a run whose assignment hands it the campaign's map, the map is ORed into
 * the executor's map file; after the run, the bits the run added to the file go back to the
 * coordinator in the RESULT. The file only gains bits from tier-0 runs (it is ORed into, never
 * replaced by a smaller map), and what the RESULT carries is exactly what the file gained during
 * the run. A failure to read or write the file is reported and costs only the sharing: the run
 * goes on with whatever map SymCC finds, and the RESULT then carries no bits.
 *
 * <p>Rule: between runs the map file holds only what tier-0 runs saw. A run of a lower-tier input
 * (redundant on arrival, a retry, a repeat) marks the branches it passed in a context that reached
 * nothing new; in the file, SymCC would then skip them for every later input of new coverage. So
 * such a run swaps the file for its executor's {@link LowerTierMap} (the tier-0 map and what
 * earlier lower-tier runs saw) and puts the tier-0 map back afterwards, exactly; its RESULT
 * carries no bits. A run of a repeat round starts from the empty map instead: the earlier run
 * skipped every branch that other inputs' runs had marked, and solving those branches on this
 * input is the only thing a second SymCC run of it can do differently. A worker killed during a
 * lower-tier run loses its tier-0 map, which costs only solver queries that could have been
 * skipped.
 */
package io.frontier.worker.pruning;
