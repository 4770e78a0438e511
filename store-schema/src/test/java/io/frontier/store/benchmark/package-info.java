/**
 * The record every benchmark harness ({@code src/bench/java} of a module, run by the {@code bench}
 * profile) appends for each run: one JSON line in {@code docs/benchmarks/results/<benchmark>.jsonl}
 * with the commit, the machine, the date, the command and the figures.
 *
 * <p>Rule: the results files are only ever appended to, one line per run, by the harness that
 * measured it; nothing types a figure into them by hand, and the benchmark pages' tables are
 * rendered from them, never written. Test-scoped and shared through this module's test-jar, so
 * that every module's harness writes the same format the renderer in {@code tools} reads.
 */
package io.frontier.store.benchmark;
