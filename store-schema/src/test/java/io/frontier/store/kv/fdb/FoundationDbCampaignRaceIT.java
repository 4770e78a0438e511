package io.frontier.store.kv.fdb;

import io.frontier.store.campaign.CampaignRaceConformance;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.StoreOptions;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The race on FoundationDB, threads and processes alike under client buggify, so that commits
 * are really reported {@code commit_unknown_result} and bodies run again: the cluster
 * {@code FDB_CLUSTER_FILE} names, or one in a container where a Docker engine is reachable; every
 * test is reported skipped with the reason otherwise.
 */
@Tag("fdb")
class FoundationDbCampaignRaceIT extends CampaignRaceConformance {

    @RegisterExtension
    static final FoundationDbCluster cluster = FoundationDbCluster.withClientBuggify();

    @Override
    protected KeyValueStore openStore(Path directory) {
        return FoundationDbKeyValueStore.open(cluster.clusterFile(), StoreOptions.DEFAULT);
    }

    @Override
    protected String storeUrl(Path directory) {
        return "fdb:" + cluster.clusterFile();
    }

    @Override
    protected boolean clientBuggify() {
        return true;
    }
}
