package io.frontier.store.kv.fdb;

import io.frontier.store.kv.StoreException;
import net.jqwik.api.lifecycle.LifecycleContext;
import net.jqwik.api.lifecycle.SkipExecutionHook;

/**
 * Skips, with the reason, jqwik properties that need the FoundationDB cluster
 * {@code FDB_CLUSTER_FILE} names, when it is not set or the native client cannot be loaded.
 * jqwik runs no JUnit extensions, so {@link FoundationDbCluster} cannot serve such properties,
 * and no container is started for them.
 */
public final class ClusterFileRequired implements SkipExecutionHook {

    @Override
    public SkipResult shouldBeSkipped(LifecycleContext context) {
        if (System.getenv("FDB_CLUSTER_FILE") == null) {
            return SkipResult.skip("FoundationDB backend skipped: FDB_CLUSTER_FILE is not set");
        }
        try {
            FdbClient.get();
        } catch (StoreException e) {
            return SkipResult.skip("FoundationDB backend skipped: libfdb_c cannot be loaded (" + e.getCause() + ")");
        }
        return SkipResult.doNotSkip();
    }
}
