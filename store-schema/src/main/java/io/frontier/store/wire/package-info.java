/**
 * How ranks encode the messages they exchange over MPI: Jackson JSON of declared record
 * classes, decoded strictly.
 *
 * <p>Rule: a message that does not decode exactly into its declared record (unknown or missing
 * fields, nulls, wrong types) is malformed and is rejected whole; nothing of it is used. A
 * message record checks in its constructor everything that can be checked from the message
 * alone, so a decoded message is always well-formed; checks against state the receiver holds (an
 * assignment, a stage) belong to the receiver.
 */
package io.frontier.store.wire;
