package io.frontier.store.keyspace;

/** The keys {@code begin <= key < end}. The arrays are shared; do not modify them. */
public record KeyRange(byte[] begin, byte[] end) {
}
