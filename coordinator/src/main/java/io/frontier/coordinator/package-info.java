/**
 * The coordinator rank: it hands work to the workers of its group and turns their results into
 * published corpus objects and new work.
 *
 * <p>Rule: nothing a worker sends is trusted. A RESULT reaches the public corpus only through
 * validation against the exact assignment of its sender and its stage, then the irreversible
 * commit decision in the store, then promotion; every step after the decision is idempotent so
 * that replay can finish it after any crash.
 */
package io.frontier.coordinator;
