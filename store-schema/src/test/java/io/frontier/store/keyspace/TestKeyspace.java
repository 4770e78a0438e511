package io.frontier.store.keyspace;

import com.apple.foundationdb.tuple.Tuple;
import io.frontier.store.record.Owner;

/**
 * Campaign keys for tests, under a root of their own: with {@code FDB_CLUSTER_FILE} naming a
 * cluster that also holds real campaigns, a test never writes under the production prefix
 * {@code ("frontier", "campaign", ...)}, and its clean-up of a prefix cannot reach a real one.
 */
public final class TestKeyspace {

    /** The first element of every key a test writes. */
    public static final String ROOT = "frontier-test";

    private TestKeyspace() {
    }

    /** The keys of test campaign {@code name}: prefix {@code ("frontier-test", "campaign", name)}. */
    public static CampaignKeys campaign(String name) {
        return new CampaignKeys(Tuple.from(ROOT, "campaign", Owner.of(name).name()));
    }
}
