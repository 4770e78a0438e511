package io.frontier.store.kv.fdb;

import io.frontier.store.campaign.CampaignTriageConformance;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.StoreOptions;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

/**
 * Triage in the commit decision on FoundationDB: the cluster {@code FDB_CLUSTER_FILE} names, or
 * one in a container where a Docker engine is reachable; every test is reported skipped with the
 * reason otherwise.
 */
@Tag("fdb")
class FoundationDbCampaignTriageIT extends CampaignTriageConformance {

    @TempDir
    static Path scratch;

    private static FoundationDbCluster cluster;

    @BeforeAll
    static void findCluster() throws Exception {
        cluster = FoundationDbCluster.findOrStart(scratch);
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Override
    protected KeyValueStore openStore() {
        return FoundationDbKeyValueStore.open(cluster.clusterFile(), StoreOptions.DEFAULT);
    }
}
