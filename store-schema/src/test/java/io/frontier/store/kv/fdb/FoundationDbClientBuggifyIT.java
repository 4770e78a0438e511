package io.frontier.store.kv.fdb;

import static org.assertj.core.api.Assertions.assertThat;

import com.apple.foundationdb.tuple.Tuple;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.StoreOptions;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What the suites that run under {@link ClientBuggify} rely on: with it, FoundationDB really
 * reports commits that happened as {@code commit_unknown_result}, and {@code Database.run} runs
 * their bodies again. Shown with a body that, against the store's contract, is not idempotent:
 * a blind ADD of one, whose total then ends above the number of calls that returned. The cluster
 * {@code FDB_CLUSTER_FILE} names, or one in a container where a Docker engine is reachable; every
 * test is reported skipped with the reason otherwise.
 */
@Tag("fdb")
class FoundationDbClientBuggifyIT {

    /** Calls made at most: an active section fires on 1 in 100 commits, so far fewer are needed. */
    private static final int MOST_CALLS = 5_000;

    @RegisterExtension
    static final FoundationDbCluster cluster = FoundationDbCluster.withClientBuggify();

    private final byte[] counter = Tuple.from("frontier-test", "buggify", UUID.randomUUID().toString()).pack();
    private KeyValueStore store;

    @AfterEach
    void clear() {
        if (store != null) {
            store.run(tx -> {
                tx.clear(counter);
                return null;
            });
            store.close();
        }
    }

    @Test
    void commitsThatHappenedAreReportedUnknownAndTheirBodiesRunAgain() {
        store = FoundationDbKeyValueStore.open(cluster.clusterFile(), StoreOptions.DEFAULT);
        int calls = 0;
        long total = 0;
        while (calls < MOST_CALLS && total <= calls) {
            store.run(tx -> {
                tx.add(counter, 1);
                return null;
            });
            calls++;
            if (calls % 100 == 0) {
                total = sum(store.read(tx -> tx.get(counter)));
            }
        }
        assertThat(total).as("ADDs applied by %d calls", calls).isGreaterThan(calls);
    }

    private static long sum(byte[] value) {
        return value == null ? 0 : ByteBuffer.wrap(Arrays.copyOf(value, Long.BYTES)).order(ByteOrder.LITTLE_ENDIAN).getLong();
    }
}
