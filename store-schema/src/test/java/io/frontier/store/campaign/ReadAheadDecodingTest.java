package io.frontier.store.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.error.CorruptRecordException;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.StoreOptions;
import io.frontier.store.kv.sqlite.SqliteKeyValueStore;
import io.frontier.store.record.EpochRecord;
import io.frontier.store.record.RecordCodec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A transaction decodes each value once, and never answers a decoding of a value it has since
 * overwritten or removed: on a real SQLite store, through {@link ReadAhead} as the store's bodies use it.
 */
class ReadAheadDecodingTest {

    private static final byte[] KEY = "epoch".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] OTHER = "other".getBytes(StandardCharsets.US_ASCII);

    @TempDir
    Path directory;
    private KeyValueStore store;

    @BeforeEach
    void open() {
        store = SqliteKeyValueStore.open(directory.resolve("reads.db"), StoreOptions.DEFAULT);
        store.run(tx -> {
            tx.set(KEY, RecordCodec.EPOCH.encode(epoch(1)));
            return null;
        });
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void aValueIsDecodedOnceWhetherPrefetchedOrNot() {
        store.run(transaction -> {
            ReadAhead tx = new ReadAhead(transaction);
            EpochRecord first = tx.decoded(KEY, RecordCodec.EPOCH);
            assertThat(first.epoch()).isEqualTo(1);
            tx.prefetch(List.of(KEY, OTHER));
            assertThat(tx.decoded(KEY, RecordCodec.EPOCH)).isSameAs(first);
            assertThat(Prefetching.decode(tx, KEY, RecordCodec.EPOCH)).isSameAs(first);
            assertThat(tx.decoded(OTHER, RecordCodec.EPOCH)).isNull();
            return null;
        });
    }

    @Test
    void aWriteOrAClearOfTheKeyIsDecodedAfresh() {
        store.run(transaction -> {
            ReadAhead tx = new ReadAhead(transaction);
            EpochRecord first = tx.decoded(KEY, RecordCodec.EPOCH);
            tx.set(KEY, RecordCodec.EPOCH.encode(epoch(2)));
            assertThat(tx.decoded(KEY, RecordCodec.EPOCH).epoch()).isEqualTo(2);
            tx.clear(KEY);
            assertThat(tx.decoded(KEY, RecordCodec.EPOCH)).isNull();
            tx.set(KEY, RecordCodec.EPOCH.encode(epoch(3)));
            tx.clearRange(KEY, new byte[] {'f'});
            assertThat(tx.decoded(KEY, RecordCodec.EPOCH)).isNull();
            assertThat(first.epoch()).isEqualTo(1);
            return null;
        });
    }

    @Test
    void aValueThatDoesNotDecodeFailsEveryTime() {
        store.run(transaction -> {
            ReadAhead tx = new ReadAhead(transaction);
            tx.set(KEY, "{\"schema\":1}".getBytes(StandardCharsets.US_ASCII));
            for (int attempt = 0; attempt < 2; attempt++) {
                assertThatThrownBy(() -> tx.decoded(KEY, RecordCodec.EPOCH))
                        .isInstanceOf(CorruptRecordException.class);
            }
            return null;
        });
    }

    private static EpochRecord epoch(long epoch) {
        return new EpochRecord(EpochRecord.SCHEMA, epoch, "job-" + epoch, 1.0);
    }
}
