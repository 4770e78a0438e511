package io.frontier.store.kv.fdb;

import io.frontier.store.campaign.SessionConformance;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.StoreOptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Fuzzing sessions and the feed on FoundationDB: the cluster {@code FDB_CLUSTER_FILE} names, or
 * one in a container where a Docker engine is reachable; every test is reported skipped with the
 * reason otherwise.
 */
@Tag("fdb")
class FoundationDbSessionIT extends SessionConformance {

    @RegisterExtension
    static final FoundationDbCluster cluster = new FoundationDbCluster();

    @Override
    protected KeyValueStore openStore() {
        return FoundationDbKeyValueStore.open(cluster.clusterFile(), StoreOptions.DEFAULT);
    }
}
