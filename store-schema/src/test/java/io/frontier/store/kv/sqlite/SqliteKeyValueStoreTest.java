package io.frontier.store.kv.sqlite;

import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.KeyValueStoreConformance;
import io.frontier.store.kv.StoreOptions;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The conformance suite on a real SQLite file in a temporary directory. */
class SqliteKeyValueStoreTest extends KeyValueStoreConformance {

    @TempDir
    Path directory;

    @Override
    protected KeyValueStore openStore(StoreOptions options) {
        return SqliteKeyValueStore.open(directory.resolve("store.db"), options);
    }

    @Override
    protected Writers writers() {
        return Writers.ONE_AT_A_TIME;
    }
}
