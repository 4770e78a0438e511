/**
 * What one coordinator holds between the store and its workers: the items it leased and has
 * not yet handed out, and how many it leases at once (which kind of executor runs each is the
 * store's rule, {@link io.frontier.store.exploration.ExecutorRouting}, since the store ranks
 * pending work by it).
 *
 * <p>Rule: every item here is leased to this coordinator under the token stored with it; each
 * busy worker has exactly one active assignment, and a RESULT is accepted only from the worker
 * that holds the assignment it names. A quarantined worker is never given work again. The items
 * held beyond the workers' open places are about a second of their work at the pace of the
 * campaign's slowest executor kind, so that the store's order decides what runs next, not the
 * order of an earlier claim.
 */
package io.frontier.coordinator.dispatch;
