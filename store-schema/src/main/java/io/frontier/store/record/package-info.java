/**
 * The strict JSON records the campaign stores (work records, campaign configuration, epoch,
 * receipts, quiescence marker) and the small validated value types they are made of.
 *
 * <p>Rule: a record is either valid in every field or not a record at all. Decoding rejects
 * unknown, missing, duplicated and mistyped fields, empty tokens, non-finite or negative times
 * and any state whose fields contradict each other; a record of a newer schema version is its
 * own error. A stored value that fails to decode is never overwritten by the code that found it.
 */
package io.frontier.store.record;
