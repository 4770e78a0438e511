package io.frontier.store.campaign;

import io.frontier.store.corpus.fs.FileTrees;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.StoreOptions;
import io.frontier.store.kv.sqlite.SqliteKeyValueStore;
import java.nio.file.Files;
import java.nio.file.Path;

/** The state machine properties on the embedded SQLite backend, a fresh file per property. */
class SqliteStateMachinePropertyTest extends CampaignStateMachineProperties {

    private Path directory;

    @Override
    protected KeyValueStore openStore() throws Exception {
        directory = Files.createTempDirectory("campaign-properties");
        return SqliteKeyValueStore.open(directory.resolve("model.db"), StoreOptions.DEFAULT);
    }

    @Override
    protected void storeClosed() throws Exception {
        FileTrees.delete(directory);
    }
}
