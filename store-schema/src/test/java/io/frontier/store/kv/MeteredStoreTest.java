package io.frontier.store.kv;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.kv.sqlite.SqliteKeyValueStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The meter the coordinator benchmark reports store traffic from: each key asked for and each
 * pair a range returned is a key read, each mutation a key written, on a real SQLite store.
 */
class MeteredStoreTest {

    @TempDir
    Path directory;

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void countsEveryKeyReadAndWrittenAndEveryRoundTripOfOneTransaction() {
        try (KeyValueStore sqlite = SqliteKeyValueStore.open(directory.resolve("metered.db"), StoreOptions.DEFAULT)) {
            MeteredStore metered = new MeteredStore(sqlite);
            metered.run(tx -> {
                tx.set(bytes("a1"), bytes("x"));
                tx.set(bytes("a2"), bytes("yy"));
                tx.set(bytes("a3"), bytes("zzz"));
                return null;
            });
            metered.reset();

            metered.run(tx -> {
                tx.get(bytes("a1"));
                tx.getAll(List.of(bytes("a2"), bytes("b9")));
                tx.snapshot().getRange(bytes("a"), bytes("b"), ReadTransaction.UNLIMITED, false);
                tx.add(bytes("c"), 1);
                tx.clear(bytes("a3"));
                return null;
            });

            assertThat(metered.meters()).hasSize(1);
            MeteredStore.Meter meter = metered.meters().get(0);
            assertThat(meter.readWrite()).isTrue();
            assertThat(meter.roundTrips()).isEqualTo(3);
            assertThat(meter.keysRead()).as("1 asked + 2 asked + 3 pairs of the range").isEqualTo(6);
            assertThat(meter.keysWritten()).isEqualTo(2);
            assertThat(meter.bytesWritten()).as("key and operand of the add, key of the clear")
                    .isEqualTo(1 + Long.BYTES + 2);
            assertThat(meter.bytesRead()).as("x, yy, then the range's keys and values")
                    .isEqualTo(1 + 2 + (2 + 1) + (2 + 2) + (2 + 3));
        }
    }

    @Test
    void aReadOnlyTransactionIsMeteredAsSuchAndWritesNothing() {
        try (KeyValueStore sqlite = SqliteKeyValueStore.open(directory.resolve("metered.db"), StoreOptions.DEFAULT)) {
            MeteredStore metered = new MeteredStore(sqlite);

            metered.read(tx -> tx.getAll(List.of(bytes("p"), bytes("q"), bytes("r"))));

            MeteredStore.Meter meter = metered.meters().get(0);
            assertThat(meter.readWrite()).isFalse();
            assertThat(meter.keysRead()).isEqualTo(3);
            assertThat(meter.keysWritten()).isZero();
            assertThat(meter.roundTrips()).isEqualTo(1);
        }
    }
}
