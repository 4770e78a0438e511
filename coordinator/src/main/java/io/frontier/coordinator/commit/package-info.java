/**
 * The transaction chain that turns a valid RESULT into published corpus objects and new work:
 * the commit decision ({@code beginCommit}), promotion of the staged children, promotion marks,
 * completion, and removal of the stage.
 *
 * <p>Rule: nothing reaches the public corpus before the store has recorded the decision with the
 * whole child list, and every step after it is idempotent and safe to run by any coordinator of
 * the current epoch. A crash between any two steps therefore leaves a {@code committing} entry
 * that {@link io.frontier.coordinator.replay.Replay} finishes to the same end state, and a result
 * is never half-published for good. A decision that keeps no child has nothing to publish and
 * ends its entry in its own transaction. A stage is removed only once nothing can need it: after
 * completion or abandonment, or when the store refused the decision.
 */
package io.frontier.coordinator.commit;
