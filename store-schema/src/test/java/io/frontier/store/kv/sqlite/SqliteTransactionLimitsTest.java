package io.frontier.store.kv.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.kv.KeyLimits;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.StoreOptions;
import io.frontier.store.kv.TransactionLimitsConformance;
import io.frontier.store.kv.TransactionTooOldException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** FoundationDB's limits on a real SQLite file: the embedded store is strict in every test run. */
class SqliteTransactionLimitsTest extends TransactionLimitsConformance {

    @TempDir
    Path directory;

    @Override
    protected KeyValueStore openStore(StoreOptions options) {
        return SqliteKeyValueStore.open(directory.resolve("store.db"), options);
    }

    @Test
    void executionOlderThanFiveSecondsIsRefusedEvenIfTheBodySwallowsItAndNothingIsCommitted() {
        AtomicReference<RuntimeException> swallowed = new AtomicReference<>();
        assertThatThrownBy(() -> store.run(tx -> {
            tx.set(key("early"), bytes("x"));
            sleep(KeyLimits.MAX_TRANSACTION_AGE.plusMillis(200));
            try {
                tx.get(key("late"));
            } catch (TransactionTooOldException e) {
                swallowed.set(e);
            }
            return null;
        })).isInstanceOf(TransactionTooOldException.class)
                .hasMessageStartingWith("transaction outlived what FoundationDB allows [fdbError=1007 transaction_too_old")
                .hasMessageContaining("limit=PT5S");
        assertThat(swallowed.get()).as("the late read was refused").isInstanceOf(TransactionTooOldException.class);
        assertThat(get(key("early"))).isNull();
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
