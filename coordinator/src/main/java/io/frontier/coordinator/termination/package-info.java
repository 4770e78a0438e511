/**
 * How a job of coordinators ends: the symmetric PREPARE probe, the votes, root's final global
 * check, COMMIT or STOP, worker shutdown ACKs, stats ACKs and the bounded final barrier.
 *
 * <p>Rule: every coordinator, root included, runs the same {@link
 * io.frontier.coordinator.termination.LocalFrontier#refresh() refresh} and finds itself idle
 * before it sends PREPARE or votes YES; from then until the decision for that probe it is frozen
 * and takes no work. COMMIT is sent only after every other coordinator voted YES for the current
 * probe and one serializable store check found nothing pending, leased or committing; once sent
 * it cannot be undone, and no coordinator takes work again. Any work found, any NO, or a failed
 * check aborts the probe instead. Every wait has a deadline, and an expired one names the ranks
 * that did not answer; the job then ends with exit code 70 rather than hang.
 *
 * <p>All of it runs on the coordinator's one MPI thread: {@link
 * io.frontier.coordinator.termination.Termination} is driven by the event loop's calls and
 * never blocks longer than one refresh or one global check.
 */
package io.frontier.coordinator.termination;
