package io.frontier.store.campaign;

import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.StoreOptions;
import io.frontier.store.kv.sqlite.SqliteKeyValueStore;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** Bodies run twice on the embedded SQLite backend, a fresh file per test. */
class SqliteRetriedBodyTest extends RetriedBodyConformance {

    @TempDir
    Path directory;

    @Override
    protected KeyValueStore openStore() {
        return SqliteKeyValueStore.open(directory.resolve("retried.db"), StoreOptions.DEFAULT);
    }
}
