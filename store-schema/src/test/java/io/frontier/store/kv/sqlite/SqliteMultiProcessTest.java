package io.frontier.store.kv.sqlite;

import io.frontier.store.kv.MultiProcessConformance;
import java.nio.file.Path;

/** Several JVMs write one SQLite store file at the same time. */
class SqliteMultiProcessTest extends MultiProcessConformance {

    @Override
    protected String storeUrl(Path directory) {
        return "sqlite:" + directory.resolve("store.db");
    }
}
