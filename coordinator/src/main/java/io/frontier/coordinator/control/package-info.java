/**
 * What a coordinator must do when the corpus or the store denies it: a {@link
 * io.frontier.coordinator.control.ControlFailure} stops the job with exit code 70, a {@link
 * io.frontier.coordinator.control.Refusal} tells it whether only one result or the whole job was
 * fenced off.
 *
 * <p>Rule: these are outcomes, returned, not thrown: the caller must decide on each one, and
 * cannot let it fall through a generic catch.
 *
 * <p>A store operation whose outcome stayed unknown
 * ({@link io.frontier.store.kv.TransactionOutcomeUnknownException}, after the campaign store
 * called it again) is a control failure too: the coordinator cannot know whether it holds a
 * lease or ended an entry, so the job stops with exit code 70 and the message says so; every
 * operation is idempotent, and the next job's replay finishes what this one left.
 */
package io.frontier.coordinator.control;
