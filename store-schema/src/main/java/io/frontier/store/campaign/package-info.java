/**
 * The campaign operations — admission, leases, the irreversible commit decision, promotion,
 * completion, abandonment, recovery, epochs, counters and quiescence — written once above the
 * key-value interface, so FoundationDB and the embedded store behave the same.
 *
 * <p>Rule: every operation is one transaction that first checks the caller's epoch against the
 * stored one and, for an item, the exact token it presents; it then checks for its own earlier
 * effect (a body may run twice), and only after every check passes does it write. (A batch of
 * commit decisions whose edge map merges would exceed one transaction's share runs as several
 * such transactions, each deciding its items whole.) A body names the keys its items will read
 * before it decides them, so a batch costs a few round trips, not several per item. Ids, tokens
 * and clock readings are produced outside the retried body. A refused operation writes nothing.
 */
package io.frontier.store.campaign;
