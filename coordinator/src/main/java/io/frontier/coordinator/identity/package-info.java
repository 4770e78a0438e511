/**
 * The one place where the store's {@link io.frontier.store.record.WorkId} and the corpus's
 * {@link io.frontier.store.corpus.Digest} meet.
 *
 * <p>Rule: both spell the same thing, the lowercase hex SHA-256 of an input, and every
 * conversion between them goes through {@link io.frontier.coordinator.identity.ContentIds}, so
 * that unifying the two types later is a change of this package and its callers' imports only.
 */
package io.frontier.coordinator.identity;
