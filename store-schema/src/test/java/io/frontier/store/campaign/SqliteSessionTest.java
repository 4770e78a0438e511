package io.frontier.store.campaign;

import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.StoreOptions;
import io.frontier.store.kv.sqlite.SqliteKeyValueStore;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** Fuzzing sessions and the feed on the embedded SQLite backend, a fresh file per test. */
class SqliteSessionTest extends SessionConformance {

    @TempDir
    Path directory;

    @Override
    protected KeyValueStore openStore() {
        return SqliteKeyValueStore.open(directory.resolve("campaign.db"), StoreOptions.DEFAULT);
    }
}
