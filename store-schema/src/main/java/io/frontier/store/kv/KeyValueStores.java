package io.frontier.store.kv;

import io.frontier.store.kv.fdb.FoundationDbKeyValueStore;
import io.frontier.store.kv.sqlite.SqliteKeyValueStore;

/** Opens the store a {@link StoreUrl} names; the one place that knows every backend. */
public final class KeyValueStores {

    private KeyValueStores() {
    }

    /**
     * Opens the store named by {@code url} ({@code sqlite:<path>} or {@code fdb:<cluster-file>})
     * with {@link StoreOptions#DEFAULT}.
     *
     * @throws InvalidStoreUrlException if {@code url} names no backend
     * @throws StoreException if the backend refuses to open (see {@link #open(StoreUrl, StoreOptions)})
     */
    public static KeyValueStore open(String url) {
        return open(StoreUrl.parse(url), StoreOptions.DEFAULT);
    }

    /**
     * Opens the store named by {@code url}: the SQLite file (created if no file exists there) or
     * the FoundationDB cluster.
     *
     * @throws UnsupportedFilesystemException if an SQLite path is on a network filesystem
     * @throws NotAStoreFileException if an SQLite path holds a file that is not a store
     * @throws StoreException if a directory or cluster file is missing, or the FoundationDB
     *     client library cannot be loaded
     */
    public static KeyValueStore open(StoreUrl url, StoreOptions options) {
        return switch (url.backend()) {
            case SQLITE -> SqliteKeyValueStore.open(url.path(), options);
            case FDB -> FoundationDbKeyValueStore.open(url.path(), options);
        };
    }
}
