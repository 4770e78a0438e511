/**
 * A stand-in target that follows SymCC's file contract without SymCC, for tests, the demo and
 * the benchmark: it reads one input and writes a known set of children, so counts are exact.
 *
 * <p>Rule: nothing here is used by a campaign unless its configuration names the installed
 * program; the script is plain POSIX {@code sh} with coreutils, so it starts in milliseconds.
 */
package io.frontier.worker.executor.testing;
