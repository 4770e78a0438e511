package io.frontier.store.kv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.frontier.store.kv.sqlite.SqliteKeyValueStore;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Opening stores by URL. */
class KeyValueStoresTest {

    @TempDir
    Path directory;

    @Test
    void sqliteUrlOpensAnEmbeddedStoreThatWorks() {
        Path file = directory.resolve("store.db");
        try (KeyValueStore store = KeyValueStores.open("sqlite:" + file)) {
            assertThat(store).isInstanceOf(SqliteKeyValueStore.class);
            assertThat(store.describe()).isEqualTo("sqlite:" + file);
            store.run(tx -> {
                tx.set(new byte[] {1}, new byte[] {2});
                return null;
            });
            byte[] value = store.read(tx -> tx.get(new byte[] {1}));
            assertThat(value).containsExactly(2);
        }
    }

    @Test
    void fdbUrlWithAMissingClusterFileIsRefusedBeforeTheClientLoads() {
        Path missing = directory.resolve("fdb.cluster");
        assertThatThrownBy(() -> KeyValueStores.open("fdb:" + missing))
                .isInstanceOf(StoreException.class)
                .hasMessageStartingWith("FoundationDB cluster file does not exist")
                .hasMessageContaining(missing.toString());
    }

    @Test
    void fdbUrlWithoutTheNativeClientFailsWithAClearError() throws Exception {
        Path clusterFile = Files.writeString(directory.resolve("fdb.cluster"), "test:test@127.0.0.1:4500\n");
        StoreException failure = null;
        try (KeyValueStore store = KeyValueStores.open("fdb:" + clusterFile)) {
            assumeTrue(store == null, "libfdb_c is installed here, so the FoundationDB client loads");
        } catch (StoreException e) {
            failure = e;
        }
        assertThat(failure).isNotNull();
        assertThat(failure.reason()).isEqualTo("FoundationDB client library cannot be loaded");
        assertThat(failure.context()).containsEntry("library", "libfdb_c");
    }

    @Test
    void unknownUrlIsRefused() {
        assertThatThrownBy(() -> KeyValueStores.open("redis:localhost"))
                .isInstanceOf(InvalidStoreUrlException.class);
    }
}
