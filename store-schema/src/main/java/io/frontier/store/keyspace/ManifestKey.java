package io.frontier.store.keyspace;

import com.apple.foundationdb.tuple.Versionstamp;

/** A decoded MANIFEST key: part {@code part} of the entry committed at {@code versionstamp}. */
public record ManifestKey(Versionstamp versionstamp, int part) {
}
