/**
 * The campaign operations — admission, leases, the irreversible commit decision, promotion,
 * completion, abandonment, recovery, epochs, counters and quiescence — written once above the
 * key-value interface, so FoundationDB and the embedded store behave the same.
 *
 * <p>Rule: every operation is one transaction that first checks the caller's epoch against the
 * stored one and, for an item, the exact token it presents; it then checks for its own earlier
 * effect (a body may run twice), and only after every check passes does it write. Ids, tokens
 * and clock readings are produced outside the retried body. A refused operation writes nothing.
 */
package io.frontier.store.campaign;
