/**
 * What a coordinator must do when the corpus or the store denies it: a {@link
 * io.frontier.coordinator.control.ControlFailure} stops the job with exit code 70, a {@link
 * io.frontier.coordinator.control.Refusal} tells it whether only one result or the whole job was
 * fenced off.
 *
 * <p>Rule: these are outcomes, returned, not thrown: the caller must decide on each one, and
 * cannot let it fall through a generic catch.
 */
package io.frontier.coordinator.control;
