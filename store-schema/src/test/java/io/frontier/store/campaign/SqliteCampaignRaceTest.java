package io.frontier.store.campaign;

import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.StoreOptions;
import io.frontier.store.kv.sqlite.SqliteKeyValueStore;
import java.nio.file.Path;

/** The race on the embedded SQLite backend: one file that threads and processes share. */
class SqliteCampaignRaceTest extends CampaignRaceConformance {

    @Override
    protected KeyValueStore openStore(Path directory) {
        return SqliteKeyValueStore.open(directory.resolve("race.db"), StoreOptions.DEFAULT);
    }

    @Override
    protected String storeUrl(Path directory) {
        return "sqlite:" + directory.resolve("race.db");
    }
}
