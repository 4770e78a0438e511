/**
 * Long-lived fuzzing sessions and the campaign feed that keeps them in step.
 *
 * <p>A session is one fuzzer instance (AFL++ first) that runs on a worker for as long as the
 * coordinator keeps giving it slices. It is stored as a work item of its own ({@link SessionSlot}
 * in its work record): it is leased, renewed, committed and replayed under exactly the rules of
 * every other item, and each slice is one round of it, whose children are what the fuzzer found
 * in that slice. A session has no input in the corpus; its id is the digest of its
 * {@linkplain SessionSlot#descriptor() descriptor}, so the same slot of the same campaign always
 * has the same id, and admitting it again is harmless.
 *
 * <p>The feed ({@link FeedEntry}) is the campaign's append-only list of inputs that reached new
 * coverage, in commit order: every seed admitted and every child that joined the frontier. Each
 * session consumes it from a position of its own, so every input the campaign admits reaches
 * every fuzzer. Rule: feed entries are only ever appended, in the transaction that admits their
 * inputs, and never read serializably, so writing them conflicts with nothing.
 */
package io.frontier.store.session;
