package io.frontier.store.kv.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.StoreException;
import io.frontier.store.kv.StoreOptions;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opening a store while another connection holds a lock that opening needs (as the last
 * connection to close does while it checkpoints and removes the log, and the first to open
 * while it rebuilds the log's index): the open waits for the lock within the call's deadline,
 * and says so, naming the file, if the lock outlasts it. Seen in a cluster soak: a job's root
 * rank failed at its start with SQLITE_BUSY, opening the store as the launcher closed it.
 */
class SqliteOpenWhileLockedTest {

    private static final byte[] KEY = {0x01};

    @TempDir
    Path directory;

    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stopThreads() {
        threads.shutdownNow();
    }

    @Test
    void aStoreLockedWhileItIsOpenedOpensOnceTheLockIsReleased() throws Exception {
        Path file = storeWithOneKey();
        Connection holder = exclusiveHolder(file);
        Future<?> released = threads.submit(() -> {
            Thread.sleep(300);
            holder.close();
            return null;
        });

        try (KeyValueStore store = SqliteKeyValueStore.open(file, StoreOptions.DEFAULT)) {
            byte[] value = store.read(tx -> tx.get(KEY));
            assertThat(value).containsExactly(7);
        }
        released.get(5, TimeUnit.SECONDS);
    }

    @Test
    void aStoreThatStaysLockedIsAnErrorNamingTheFileAndTheWait() throws Exception {
        Path file = storeWithOneKey();
        StoreOptions quick = StoreOptions.DEFAULT.withCallTimeout(Duration.ofMillis(200));
        try (Connection holder = exclusiveHolder(file)) {
            assertThatThrownBy(() -> SqliteKeyValueStore.open(file, quick).close())
                    .isInstanceOf(StoreException.class)
                    .hasMessageStartingWith("SQLite store stayed locked by another connection while it was opened")
                    .hasMessageContaining("path=" + file)
                    .hasMessageContaining("waited=200 ms");
        }
    }

    private Path storeWithOneKey() {
        Path file = directory.resolve("store.db");
        try (KeyValueStore store = SqliteKeyValueStore.open(file, StoreOptions.DEFAULT)) {
            store.run(tx -> {
                tx.set(KEY, new byte[] {7});
                return null;
            });
        }
        return file;
    }

    /** A connection that keeps an exclusive lock on {@code file} until it is closed. */
    private static Connection exclusiveHolder(Path file) throws Exception {
        Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
        try (Statement statement = connection.createStatement()) {
            statement.execute("PRAGMA locking_mode = EXCLUSIVE");
            statement.execute("BEGIN EXCLUSIVE");
            statement.execute("COMMIT");
        }
        return connection;
    }
}
