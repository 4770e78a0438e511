package io.frontier.store.kv.fdb;

import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.StoreOptions;
import io.frontier.store.view.CampaignViewConformance;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The views' contract on FoundationDB: the cluster {@code FDB_CLUSTER_FILE} names, or one in a
 * container where a Docker engine is reachable; every test is reported skipped with the reason
 * otherwise.
 */
@Tag("fdb")
class FoundationDbCampaignViewIT extends CampaignViewConformance {

    @RegisterExtension
    static final FoundationDbCluster cluster = new FoundationDbCluster();

    @Override
    protected KeyValueStore openStore(StoreOptions options) {
        return FoundationDbKeyValueStore.open(cluster.clusterFile(), options);
    }
}
