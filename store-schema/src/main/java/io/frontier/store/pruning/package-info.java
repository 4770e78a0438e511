/**
 * SymCC's pruning map (the file named by {@code SYMCC_AFL_COVERAGE_MAP}, in which SymCC marks
 * the branches and contexts it has already tried to solve), and whether a campaign shares one
 * map among all its workers.
 *
 * <p>Rule: a map only ever gains bits. Maps are merged with bitwise OR everywhere (in the
 * store, with BIT_OR of full-width shards and no serializable read, so coordinators merging at
 * the same time never conflict; in a coordinator's cached union; in a worker's file), so a merge
 * repeated, reordered or lost to a crash leaves the map correct or merely behind, never wrong: a
 * bit missing costs a solver query that could have been skipped, nothing more.
 */
package io.frontier.store.pruning;
