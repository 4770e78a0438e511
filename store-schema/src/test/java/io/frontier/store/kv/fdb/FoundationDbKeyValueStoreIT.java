package io.frontier.store.kv.fdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.KeyValueStoreConformance;
import io.frontier.store.kv.KeyValueStores;
import io.frontier.store.kv.StoreException;
import io.frontier.store.kv.StoreOptions;
import io.frontier.store.kv.StoreUrl;
import io.frontier.store.kv.TransactionTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The conformance suite on FoundationDB: the cluster {@code FDB_CLUSTER_FILE} names, or one in a
 * container where a Docker engine is reachable; skipped with the reason otherwise.
 */
@Tag("fdb")
class FoundationDbKeyValueStoreIT extends KeyValueStoreConformance {

    @TempDir
    static Path scratch;

    @RegisterExtension
    static final FoundationDbCluster cluster = new FoundationDbCluster();

    @Override
    protected KeyValueStore openStore(StoreOptions options) {
        return FoundationDbKeyValueStore.open(cluster.clusterFile(), options);
    }

    @Override
    protected Writers writers() {
        return Writers.OPTIMISTIC;
    }

    @Test
    void fdbUrlOpensTheCluster() {
        try (KeyValueStore opened = KeyValueStores.open(new StoreUrl(StoreUrl.Backend.FDB, cluster.clusterFile()), StoreOptions.DEFAULT)) {
            assertThat(opened).isInstanceOf(FoundationDbKeyValueStore.class);
            assertThat(opened.describe()).startsWith("fdb:");
            byte[] absent = opened.read(tx -> tx.get(new byte[] {0x15, 0x7f}));
            assertThat(absent).isNull();
        }
    }

    @Test
    void malformedClusterFileIsRefusedAsAStoreErrorNamingTheFile() throws Exception {
        cluster.clusterFile();
        Path malformed = Files.writeString(scratch.resolve("malformed.cluster"), "this is not a cluster file\n");
        assertThatThrownBy(() -> FoundationDbKeyValueStore.open(malformed, StoreOptions.DEFAULT).close())
                .isExactlyInstanceOf(StoreException.class)
                .hasMessageContaining("cluster file")
                .hasMessageContaining(malformed.toAbsolutePath().normalize().toString());
    }

    @Test
    void unreachableClusterFailsWithATimeoutInsteadOfWaiting() throws Exception {
        Path nowhere = Files.writeString(scratch.resolve("nowhere.cluster"), "none:none@127.0.0.1:1\n");
        try (KeyValueStore unreachable = FoundationDbKeyValueStore.open(nowhere,
                StoreOptions.DEFAULT.withCallTimeout(Duration.ofMillis(500)))) {
            assertThatThrownBy(() -> unreachable.run(tx -> {
                tx.set(new byte[] {0x15, 0x7f}, new byte[] {1});
                return null;
            })).isInstanceOf(TransactionTimeoutException.class);
        }
    }
}
