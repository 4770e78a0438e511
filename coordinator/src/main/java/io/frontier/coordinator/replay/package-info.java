/**
 * Finishing, at the start of a job, what crashed jobs left: every {@code committing} entry of an
 * earlier epoch is completed from the manifest or, where its staged bytes are lost, abandoned
 * with the reason; then the stage trees of earlier epochs that no entry references are removed.
 *
 * <p>Rule: replay is idempotent and may be killed at any point and run again; it only ever
 * takes steps the crashed committer would have taken (promote verified bytes, mark, complete) or
 * ends the entry as abandoned, and it never touches entries of the caller's own epoch, whose
 * committer may be alive. It runs before the job dispatches anything. An entry whose parts
 * cannot be read is never ended or overwritten: replay reports it as a control failure and goes
 * on with the others, and the janitor, unable to prove any tree unreferenced, removes none.
 */
package io.frontier.coordinator.replay;
