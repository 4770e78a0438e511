/**
 * Job liveness: the root coordinator's heartbeat in the store, and the judgement a new job makes
 * from it about the job it is about to fence off.
 *
 * <p>Rule: liveness only decides whether to ask the operator for {@code --force}; it never makes
 * anything safe. A heartbeat is a wall-clock guess (a paused or partitioned job looks dead), so
 * what keeps a job that is still alive from doing harm is the epoch bump, after which every
 * store write of that job, its beats included, is refused.
 */
package io.frontier.coordinator.liveness;
