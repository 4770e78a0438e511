/**
 * The append-only result manifest: one entry per accepted RESULT, written in the same
 * transaction as the {@code committing} state, with its child list in fixed-size chunks, a
 * bitmap of promoted children, and an outcome written once when the entry is completed or
 * abandoned.
 *
 * <p>Rule: an entry and its chunks are never changed after the transaction that took the
 * decision; progress lives beside them (promotion marks, outcome), so replay after any crash reads
 * the same entry the committer wrote. The chunks of an entry with more children than one
 * transaction takes are written ahead of that transaction, under the result id, and nothing reads
 * them before a head names them.
 */
package io.frontier.store.manifest;
