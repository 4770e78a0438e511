package io.frontier.store.kv.fdb;

import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.StoreOptions;
import io.frontier.store.kv.TransactionLimitsConformance;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * FoundationDB's own refusals, which the embedded store must match: the cluster
 * {@code FDB_CLUSTER_FILE} names, or one in a container where a Docker engine is reachable;
 * skipped with the reason otherwise.
 */
@Tag("fdb")
class FoundationDbTransactionLimitsIT extends TransactionLimitsConformance {

    @RegisterExtension
    static final FoundationDbCluster cluster = new FoundationDbCluster();

    @Override
    protected KeyValueStore openStore(StoreOptions options) {
        return FoundationDbKeyValueStore.open(cluster.clusterFile(), options);
    }
}
