/**
 * Coverage triage: runs an input once on the campaign's AFL++-instrumented coverage build and
 * reports what it reached ({@link io.frontier.store.coverage.Coverage}) and whether it made the
 * target crash or hang ({@link io.frontier.store.wire.DeclaredFinding}), so the coordinator can
 * keep only children that reach something new and record each finding once under its signature.
 *
 * <p>Rules: every probe is a real process run through the worker's
 * {@link io.frontier.worker.executor.process.ProcessRunner} (its own process group, a hard time
 * limit), one {@code afl-showmap} per batch of inputs (per input where the batch showed anything
 * unusual), plus one direct run of the target for an input that crashed, to read its sanitizer
 * report symbolized. Whether the coverage build runs a batch in one process or forks per input is
 * the build's choice ({@link io.frontier.worker.triage.PersistentBuild} tells which), never ours.
 * A probe owns only its own work directory, reuses it for every input, and is used by one thread.
 * A coverage build that AFL++ refuses (missing instrumentation, a program that is not there) is a
 * {@link io.frontier.worker.triage.TriageException}, never an empty coverage.
 */
package io.frontier.worker.triage;
