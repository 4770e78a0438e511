/**
 * Deciding whether a worker's RESULT may go on to the commit decision.
 *
 * <p>Rule: a result is valid only if it decodes strictly, echoes exactly the work, token and
 * result id of the active assignment of its MPI source, reports having executed exactly the
 * bytes the work id names, and its stage holds exactly the declared children, each intact. Any
 * other input from a worker yields an {@link io.frontier.coordinator.validation.Verdict.Invalid}
 * verdict; validation never throws for what a worker sent and never writes anything.
 */
package io.frontier.coordinator.validation;
