package io.frontier.store.kv.fdb;

import io.frontier.store.campaign.CampaignStateMachineProperties;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.StoreOptions;
import java.nio.file.Path;
import net.jqwik.api.Tag;
import net.jqwik.api.lifecycle.AddLifecycleHook;

/**
 * The state machine properties on FoundationDB under client buggify, so that the store's bodies
 * really run again after {@code commit_unknown_result}: the cluster {@code FDB_CLUSTER_FILE}
 * names; every property is reported skipped with the reason without one.
 */
@Tag("fdb")
@AddLifecycleHook(ClusterFileRequired.class)
class FoundationDbStateMachinePropertyIT extends CampaignStateMachineProperties {

    @Override
    protected KeyValueStore openStore() {
        ClientBuggify.enable();
        return FoundationDbKeyValueStore.open(Path.of(System.getenv("FDB_CLUSTER_FILE")), StoreOptions.DEFAULT);
    }

    @Override
    protected boolean bodiesMayRunAgainAfterACommit() {
        return true;
    }
}
