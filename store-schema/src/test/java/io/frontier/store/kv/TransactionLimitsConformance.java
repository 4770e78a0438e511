package io.frontier.store.kv;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.apple.foundationdb.tuple.Tuple;
import com.apple.foundationdb.tuple.Versionstamp;
import io.frontier.store.error.FrontierException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * FoundationDB's limits, refused identically by every backend with the same exception, and
 * nothing of the refused transaction committed. Run against every backend by a few-line
 * subclass; the embedded store must refuse exactly what FoundationDB refuses, so these are the
 * tests that keep it strict.
 *
 * <p>Every test works under its own random key prefix and clears it when it ends. The limit on a
 * transaction's age is not here: FoundationDB runs a body again after its transaction grew too
 * old while the embedded store refuses at once (see {@link StoreOptions}), so each backend has
 * its own test of it.
 */
public abstract class TransactionLimitsConformance {

    /** A value large enough that about a hundred of them reach the transaction limit. */
    private static final int LARGE_VALUE = 99_000;

    private Tuple space;
    private byte[] prefix;
    private final List<KeyValueStore> opened = new ArrayList<>();

    /** The store of the current test, opened with {@link StoreOptions#DEFAULT}. */
    protected KeyValueStore store;

    /** Opens a handle on the database of the current test. */
    protected abstract KeyValueStore openStore(StoreOptions options);

    @BeforeEach
    final void openTheStore() {
        space = Tuple.from("frontier-limits", UUID.randomUUID().toString());
        prefix = space.pack();
        store = open(StoreOptions.DEFAULT);
    }

    /** A handle with {@code options} on the database of the current test, closed after the test. */
    protected final KeyValueStore open(StoreOptions options) {
        KeyValueStore handle = openStore(options);
        opened.add(handle);
        return handle;
    }

    /** A key of the current test's prefix. */
    protected final byte[] key(String name) {
        return concat(prefix, bytes(name));
    }

    @AfterEach
    final void clearAndClose() {
        if (store == null) {
            // A backend skipped before the store was opened has nothing to clear.
            return;
        }
        try {
            if (store != null) {
                store.run(tx -> {
                    tx.clearRange(prefix, prefixEnd());
                    return null;
                });
            }
        } finally {
            opened.forEach(KeyValueStore::close);
        }
    }

    @Test
    void keyLongerThanTenThousandBytesIsRefusedAndNothingIsCommitted() {
        byte[] tooLong = Arrays.copyOf(prefix, KeyLimits.MAX_KEY_BYTES + 1);
        assertThatThrownBy(() -> store.run(tx -> {
            tx.set(key("before"), bytes("x"));
            tx.set(tooLong, bytes("x"));
            return null;
        })).isInstanceOf(KeyTooLargeException.class)
                .hasMessageStartingWith("key is longer than FoundationDB allows [fdbError=2102 key_too_large")
                .hasMessageContaining("bytes=10001")
                .hasMessageContaining("limit=10000");
        assertThatThrownBy(() -> store.read(tx -> tx.get(tooLong))).isInstanceOf(KeyTooLargeException.class);
        assertThat(get(key("before"))).isNull();
    }

    @Test
    void valueLongerThanAHundredThousandBytesIsRefusedAndNothingIsCommitted() {
        assertThatThrownBy(() -> store.run(tx -> {
            tx.set(key("before"), bytes("x"));
            tx.set(key("big"), new byte[KeyLimits.MAX_VALUE_BYTES + 1]);
            return null;
        })).isInstanceOf(ValueTooLargeException.class)
                .hasMessageStartingWith("value is longer than FoundationDB allows [fdbError=2103 value_too_large")
                .hasMessageContaining("bytes=100001");
        assertThatThrownBy(() -> store.run(tx -> {
            tx.bitOr(key("bits"), new byte[KeyLimits.MAX_VALUE_BYTES + 1]);
            return null;
        })).isInstanceOf(ValueTooLargeException.class);
        assertThat(get(key("before"))).isNull();
        assertThat(get(key("bits"))).isNull();
    }

    @Test
    void transactionWritingMoreThanTenMegabytesIsRefusedAtCommitAndNothingIsCommitted() {
        int values = KeyLimits.MAX_TRANSACTION_BYTES / LARGE_VALUE + 1;
        assertThatThrownBy(() -> store.run(tx -> {
            for (int i = 0; i < values; i++) {
                tx.set(key(i), new byte[LARGE_VALUE]);
            }
            return null;
        })).isInstanceOf(TransactionTooLargeException.class)
                .hasMessageStartingWith("transaction affects more data than FoundationDB commits at once"
                        + " [fdbError=2101 transaction_too_large")
                .hasMessageContaining("limit=10000000");
        assertThat(range()).isEmpty();
    }

    @Test
    void transactionJustUnderTenMegabytesCommits() {
        int values = KeyLimits.MAX_TRANSACTION_BYTES / LARGE_VALUE - 1;
        store.run(tx -> {
            for (int i = 0; i < values; i++) {
                tx.set(key(i), new byte[LARGE_VALUE]);
            }
            return null;
        });
        assertThat(range()).hasSize(values);
    }

    @Test
    void serializableReadsCountTowardsTheLimitAndSnapshotReadsDoNot() {
        // A key near the largest, so that each read's conflict range holds about 18 KB.
        List<byte[]> longKeys = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            byte[] longKey = Arrays.copyOf(key(i), 9_000);
            longKeys.add(longKey);
        }
        assertThatThrownBy(() -> store.run(tx -> {
            for (byte[] longKey : longKeys) {
                tx.get(longKey);
            }
            tx.set(key("written"), bytes("x"));
            return null;
        })).isInstanceOf(TransactionTooLargeException.class);
        assertThat(get(key("written"))).isNull();

        store.run(tx -> {
            for (byte[] longKey : longKeys) {
                tx.snapshot().get(longKey);
            }
            tx.set(key("written"), bytes("x"));
            return null;
        });
        assertThat(get(key("written"))).isEqualTo(bytes("x"));
        String readOnly = store.run(tx -> {
            for (byte[] longKey : longKeys) {
                tx.get(longKey);
            }
            return "read only";
        });
        assertThat(readOnly).as("a transaction that writes nothing commits nothing, so its reads are never counted")
                .isEqualTo("read only");
    }

    @Test
    void readingBackAVersionstampedValueIsRefusedAndNothingIsCommitted() {
        byte[] index = key("index");
        assertThatThrownBy(() -> store.run(tx -> {
            tx.set(key("before"), bytes("x"));
            tx.setVersionstampedValue(index, Tuple.from("entry", Versionstamp.incomplete(0)));
            return tx.get(index);
        })).isInstanceOf(AccessedUnreadableException.class)
                .hasMessageStartingWith("transaction read what it wrote with a versionstamp [fdbError=1036 accessed_unreadable");
        assertThatThrownBy(() -> store.run(tx -> {
            tx.setVersionstampedValue(index, Tuple.from("entry", Versionstamp.incomplete(0)));
            return tx.snapshot().getRange(prefix, prefixEnd(), ReadTransaction.UNLIMITED, false);
        })).isInstanceOf(AccessedUnreadableException.class);
        assertThatThrownBy(() -> store.run(tx -> {
            tx.set(key("before"), bytes("x"));
            tx.setVersionstampedValue(index, Tuple.from("entry", Versionstamp.incomplete(0)));
            try {
                tx.get(index);
            } catch (FrontierException perItem) {
                // The per-item catch of a batch body, which goes on with the other items.
            }
            return null;
        })).as("a refused read that the body caught still refuses the commit")
                .isInstanceOf(AccessedUnreadableException.class);
        assertThat(range()).isEmpty();
        assertThatThrownBy(() -> store.run(tx -> {
            tx.setVersionstampedValue(index, Tuple.from("entry", Versionstamp.incomplete(0)));
            tx.set(index, bytes("plain"));
            return tx.get(index);
        })).as("a plain set over the versionstamped value does not make it readable (as FoundationDB 7.3 refuses it)")
                .isInstanceOf(AccessedUnreadableException.class);
        assertThat(range()).isEmpty();
    }

    @Test
    void readingARangeThatMayHoldAVersionstampedKeyIsRefusedAndNothingIsCommitted() {
        Tuple log = space.add("log");
        byte[] logBegin = log.pack();
        byte[] logEnd = concat(logBegin, new byte[] {(byte) 0xff});
        store.run(tx -> {
            tx.setVersionstampedKey(log.add(Versionstamp.incomplete(0)), bytes("earlier"));
            return null;
        });
        // A later commit, so that the next read version is past the earlier entry's stamp: on
        // FoundationDB the unreadable range starts at the stamp of the read version itself.
        store.run(tx -> {
            tx.set(key("later"), bytes("x"));
            return null;
        });
        assertThatThrownBy(() -> store.run(tx -> {
            tx.get(key("anything"));
            tx.set(key("before"), bytes("x"));
            tx.setVersionstampedKey(log.add(Versionstamp.incomplete(0)), bytes("mine"));
            return tx.getRange(logBegin, logEnd, ReadTransaction.UNLIMITED, false);
        })).isInstanceOf(AccessedUnreadableException.class);
        assertThat(get(key("before"))).isNull();

        List<KeyValue> first = store.run(tx -> {
            tx.get(key("anything"));
            tx.setVersionstampedKey(log.add(Versionstamp.incomplete(0)), bytes("mine"));
            return tx.getRange(logBegin, logEnd, 1, false);
        });
        assertThat(first).as("entries committed before the transaction's read version stay readable")
                .extracting(pair -> new String(pair.value(), UTF_8)).containsExactly("earlier");
    }

    @Test
    void conflictHintBeforeTheFirstReadIsRefusedAndNothingIsCommitted() {
        assertThatThrownBy(() -> store.run(tx -> {
            tx.set(key("before"), bytes("x"));
            tx.addReadConflictKey(key("watched"));
            return null;
        })).isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("read conflict hint added before the transaction's first read");
        assertThatThrownBy(() -> store.run(tx -> {
            tx.addReadConflictRange(key("a"), key("b"));
            tx.get(key("before"));
            return null;
        })).isInstanceOf(IllegalStateException.class);
        assertThat(get(key("before"))).isNull();
        store.run(tx -> {
            tx.snapshot().getRange(prefix, prefixEnd(), 1, false);
            tx.addReadConflictKey(key("watched"));
            tx.set(key("after"), bytes("x"));
            return null;
        });
        assertThat(get(key("after"))).as("a hint after a snapshot read is accepted").isEqualTo(bytes("x"));
    }

    protected final byte[] get(byte[] key) {
        return store.read(tx -> tx.get(key));
    }

    private List<KeyValue> range() {
        return store.read(tx -> tx.getRange(prefix, prefixEnd(), ReadTransaction.UNLIMITED, false));
    }

    private byte[] key(int number) {
        return space.add(number).pack();
    }

    private byte[] prefixEnd() {
        byte[] end = prefix.clone();
        end[end.length - 1]++;
        return end;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] joined = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, joined, a.length, b.length);
        return joined;
    }

    protected static byte[] bytes(String text) {
        return text.getBytes(UTF_8);
    }
}
