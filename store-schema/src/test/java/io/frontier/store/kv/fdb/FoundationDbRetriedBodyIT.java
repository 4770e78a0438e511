package io.frontier.store.kv.fdb;

import io.frontier.store.campaign.RetriedBodyConformance;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.StoreOptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Bodies run twice on FoundationDB, under client buggify, so that FoundationDB's own retries
 * after {@code commit_unknown_result} come on top of the runs the tests make: the cluster
 * {@code FDB_CLUSTER_FILE} names, or one in a container where a Docker engine is reachable; every
 * test is reported skipped with the reason otherwise.
 */
@Tag("fdb")
class FoundationDbRetriedBodyIT extends RetriedBodyConformance {

    @RegisterExtension
    static final FoundationDbCluster cluster = FoundationDbCluster.withClientBuggify();

    @Override
    protected KeyValueStore openStore() {
        return FoundationDbKeyValueStore.open(cluster.clusterFile(), StoreOptions.DEFAULT);
    }
}
