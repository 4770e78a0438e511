package io.frontier.store.kv;

/** One stored pair as returned by a range read. The arrays are owned by the caller. */
public record KeyValue(byte[] key, byte[] value) {
}
