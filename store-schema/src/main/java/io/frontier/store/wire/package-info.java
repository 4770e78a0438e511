/**
 * How ranks encode the messages they exchange over MPI: Jackson JSON of declared record
 * classes, decoded strictly.
 *
 * <p>Rule: a message that does not decode exactly into its declared record (unknown or missing
 * fields, nulls, wrong types) is malformed and is rejected whole; nothing of it is used.
 */
package io.frontier.store.wire;
