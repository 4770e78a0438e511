/**
 * The coordinator's work off its event loop: results validated on a pool of threads, store
 * transactions and filesystem work on lanes of their own, each finished task handed back to the
 * loop.
 *
 * <p>Rule: the loop thread owns every piece of the coordinator's state (queue, assignments,
 * places, counts, budget, termination); a task off the loop reads only what it was given and
 * touches only the store and the filesystem, and its outcome reaches that state only through the
 * {@link io.frontier.coordinator.pipeline.LoopMailbox}, run on the loop. So the loop never waits
 * for the store or the filesystem, and no state needs a lock. What a task does to the store keeps
 * every rule it kept on the loop: the exact token, the irreversible commit decision, fencing.
 */
package io.frontier.coordinator.pipeline;
