package io.frontier.store.keyspace;

import io.frontier.store.record.Owner;

/** A decoded RECEIPT key: the last {@code kind} call of {@code owner}. */
public record ReceiptKey(Owner owner, ReceiptKind kind) {
}
