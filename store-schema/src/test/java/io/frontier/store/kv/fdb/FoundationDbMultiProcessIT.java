package io.frontier.store.kv.fdb;

import io.frontier.store.kv.MultiProcessConformance;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Several JVMs write one FoundationDB database at the same time, each under client buggify, so
 * that some of their commits are reported {@code commit_unknown_result} after they happened: the
 * cluster {@code FDB_CLUSTER_FILE} names, or one in a container where a Docker engine is
 * reachable; every test is reported skipped with the reason otherwise.
 */
@Tag("fdb")
class FoundationDbMultiProcessIT extends MultiProcessConformance {

    @RegisterExtension
    static final FoundationDbCluster cluster = new FoundationDbCluster();

    @Override
    protected String storeUrl(Path directory) {
        return "fdb:" + cluster.clusterFile();
    }

    @Override
    protected boolean clientBuggify() {
        return true;
    }
}
