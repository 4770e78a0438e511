package io.frontier.store.view;

import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.StoreOptions;
import io.frontier.store.kv.sqlite.SqliteKeyValueStore;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The views' contract on the embedded SQLite backend, a fresh file per test. */
class SqliteCampaignViewTest extends CampaignViewConformance {

    @TempDir
    Path directory;

    @Override
    protected KeyValueStore openStore(StoreOptions options) {
        return SqliteKeyValueStore.open(directory.resolve("campaign.db"), options);
    }
}
