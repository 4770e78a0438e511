package io.frontier.store.kv;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.apple.foundationdb.tuple.Tuple;
import com.apple.foundationdb.tuple.Versionstamp;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The contract of {@link KeyValueStore}, run against every backend by a few-line subclass.
 *
 * <p>Every test works under its own random key prefix, so the suite can run against a shared
 * FoundationDB cluster; it clears that prefix when it ends.
 *
 * <p>Backends differ in one declared way, {@link #writers()}: FoundationDB lets writers run
 * concurrently and makes the later committer of a read-write conflict run again, while the
 * embedded store lets one writer in at a time, so the same scenario there shows the second
 * writer waiting. Both must end in the same, serializable state.
 */
public abstract class KeyValueStoreConformance {

    /** How a backend's concurrent writers meet. */
    protected enum Writers {
        /** Writers run concurrently; a conflict fails the later committer, which runs again. */
        OPTIMISTIC,
        /** One writer at a time; the others wait, so there is never a conflict to retry. */
        ONE_AT_A_TIME
    }

    /** How long a writer that must wait is watched to confirm that it is indeed waiting. */
    private static final Duration BLOCKED_FOR = Duration.ofMillis(300);

    private final List<KeyValueStore> opened = new ArrayList<>();
    private final ExecutorService rivals = Executors.newCachedThreadPool();
    private Tuple space;
    private byte[] prefix;

    /** The store every test starts with, opened with {@link StoreOptions#DEFAULT}. */
    protected KeyValueStore store;

    /**
     * Opens another handle on the database of the current test. Called once before each test
     * and again by tests that need a second handle or other options; the suite closes each one.
     */
    protected abstract KeyValueStore openStore(StoreOptions options);

    /** How this backend's concurrent writers meet. */
    protected abstract Writers writers();

    @BeforeEach
    final void openTheStore() {
        space = Tuple.from("frontier-conformance", UUID.randomUUID().toString());
        prefix = space.pack();
        store = open(StoreOptions.DEFAULT);
    }

    @AfterEach
    final void clearAndClose() {
        rivals.shutdownNow();
        try {
            if (store != null) {
                store.run(tx -> {
                    tx.clearRange(prefix, prefixEnd());
                    return null;
                });
            }
        } finally {
            for (KeyValueStore handle : opened) {
                handle.close();
            }
        }
    }

    @Test
    void getReturnsWhatWasSetAndNullForAbsentKeys() {
        store.run(tx -> {
            tx.set(key("a"), bytes("one"));
            return null;
        });
        assertThat(get(key("a"))).isEqualTo(bytes("one"));
        assertThat(get(key("b"))).isNull();
    }

    @Test
    void getAllReturnsEachValueInTheOrderAskedWithNullForAbsentKeysAndSeesOwnWrites() {
        store.run(tx -> {
            tx.set(key("a"), bytes("one"));
            tx.set(key("c"), new byte[0]);
            return null;
        });
        List<byte[]> read = store.read(tx -> tx.getAll(List.of(key("c"), key("b"), key("a"), key("a"))));
        assertThat(read).hasSize(4);
        assertThat(read.get(0)).isEmpty();
        assertThat(read.get(1)).isNull();
        assertThat(read.get(2)).isEqualTo(bytes("one"));
        assertThat(read.get(3)).isEqualTo(bytes("one"));
        List<byte[]> none = store.read(tx -> tx.getAll(List.of()));
        assertThat(none).isEmpty();
        List<byte[]> own = store.run(tx -> {
            tx.set(key("b"), bytes("two"));
            tx.clear(key("a"));
            return tx.snapshot().getAll(List.of(key("a"), key("b")));
        });
        assertThat(own.get(0)).isNull();
        assertThat(own.get(1)).isEqualTo(bytes("two"));
    }

    @Test
    void keysReadTogetherConflictAsKeysReadOneByOne() throws Exception {
        assertConflictHintCausesRetry((tx, watched) -> tx.getAll(List.of(key("other"), watched)));
    }

    @Test
    void emptyValueIsStoredAndDiffersFromAbsent() {
        store.run(tx -> {
            tx.set(key("empty"), new byte[0]);
            return null;
        });
        assertThat(get(key("empty"))).isNotNull().isEmpty();
        assertThat(range(prefix, prefixEnd(), 0, false)).hasSize(1);
    }

    @Test
    void setOverwritesAndClearRemoves() {
        store.run(tx -> {
            tx.set(key("a"), bytes("one"));
            tx.set(key("b"), bytes("two"));
            return null;
        });
        store.run(tx -> {
            tx.set(key("a"), bytes("uno"));
            tx.clear(key("b"));
            tx.clear(key("never-written"));
            return null;
        });
        assertThat(get(key("a"))).isEqualTo(bytes("uno"));
        assertThat(get(key("b"))).isNull();
    }

    @Test
    void clearRangeRemovesTheHalfOpenRangeOnly() {
        writeNumbered(10);
        store.run(tx -> {
            tx.clearRange(key(3), key(7));
            return null;
        });
        assertThat(suffixes(range(prefix, prefixEnd(), 0, false))).containsExactly(0, 1, 2, 7, 8, 9);
    }

    @Test
    void rangeReadsOrderKeysByUnsignedBytes() {
        List<byte[]> expected = List.of(
                new byte[0], new byte[] {0x00}, new byte[] {0x01}, new byte[] {0x01, 0x00},
                new byte[] {0x7f}, new byte[] {0x7f, (byte) 0xff}, new byte[] {(byte) 0x80},
                new byte[] {(byte) 0x80, 0x00}, new byte[] {(byte) 0xff});
        List<byte[]> shuffled = new ArrayList<>(expected);
        Collections.shuffle(shuffled);
        store.run(tx -> {
            for (byte[] suffix : shuffled) {
                tx.set(concat(prefix, suffix), suffix);
            }
            return null;
        });
        List<KeyValue> forward = range(prefix, prefixEnd(), 0, false);
        assertThat(forward).extracting(KeyValue::value).containsExactlyElementsOf(expected);
        List<byte[]> backward = new ArrayList<>(expected);
        Collections.reverse(backward);
        assertThat(range(prefix, prefixEnd(), 0, true)).extracting(KeyValue::value).containsExactlyElementsOf(backward);
    }

    @Test
    void rangeReadsHonourLimitAndReverse() {
        writeNumbered(10);
        assertThat(suffixes(range(prefix, prefixEnd(), 3, false))).containsExactly(0, 1, 2);
        assertThat(suffixes(range(prefix, prefixEnd(), 3, true))).containsExactly(9, 8, 7);
        assertThat(suffixes(range(prefix, prefixEnd(), ReadTransaction.UNLIMITED, true)))
                .containsExactly(9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
        assertThat(suffixes(range(key(2), key(5), 0, false))).containsExactly(2, 3, 4);
        assertThat(suffixes(range(key(2), key(5), 2, true))).containsExactly(4, 3);
        assertThat(suffixes(range(key(2), key(5), 50, false))).containsExactly(2, 3, 4);
    }

    @Test
    void emptyAndInvertedRangesReadNothingAndInvertedClearsOrConflictRangesAreRefused() {
        writeNumbered(10);
        assertThat(range(key(5), key(5), 0, false)).isEmpty();
        assertThat(range(key(7), key(2), 0, true)).isEmpty();
        assertThatThrownBy(() -> store.run(tx -> {
            tx.clearRange(key(7), key(2));
            return null;
        })).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> store.run(tx -> {
            tx.addReadConflictRange(key(7), key(2));
            return null;
        })).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> range(key(1), key(2), -1, false)).isInstanceOf(IllegalArgumentException.class);
        assertThat(suffixes(range(prefix, prefixEnd(), 0, false))).hasSize(10);
    }

    @Test
    void transactionReadsItsOwnWrites() {
        store.run(tx -> {
            tx.set(key("a"), bytes("one"));
            assertThat(tx.get(key("a"))).isEqualTo(bytes("one"));
            assertThat(tx.snapshot().get(key("a"))).isEqualTo(bytes("one"));
            tx.clear(key("a"));
            assertThat(tx.get(key("a"))).isNull();
            tx.add(key("n"), 5);
            assertThat(asLong(tx.get(key("n")))).isEqualTo(5);
            tx.set(key("r1"), bytes("x"));
            tx.set(key("r2"), bytes("y"));
            assertThat(tx.getRange(key("r"), key("s"), 0, false)).hasSize(2);
            return null;
        });
    }

    @Test
    void exceptionInBodyCommitsNothingAndReachesTheCaller() {
        store.run(tx -> {
            tx.set(key("kept"), bytes("before"));
            return null;
        });
        IllegalStateException failure = new IllegalStateException("body failed");
        assertThatThrownBy(() -> store.run(tx -> {
            tx.set(key("kept"), bytes("after"));
            tx.set(key("new"), bytes("new"));
            tx.add(key("counter"), 1);
            tx.bitOr(key("bits"), new byte[] {1});
            tx.setVersionstampedKey(space.add("log").add(Versionstamp.incomplete(0)), bytes("entry"));
            throw failure;
        })).isSameAs(failure);
        assertThat(get(key("kept"))).isEqualTo(bytes("before"));
        assertThat(range(prefix, prefixEnd(), 0, false)).hasSize(1);
    }

    @Test
    void readWriteConflictMakesTheLaterCommitterRunAgain() throws Exception {
        byte[] counter = key("counter");
        KeyValueStore rivalStore = open(StoreOptions.DEFAULT);
        AtomicInteger executions = new AtomicInteger();
        AtomicReference<Future<?>> rival = new AtomicReference<>();
        int lastExecution = store.run(tx -> {
            int execution = executions.incrementAndGet();
            long seen = asLong(tx.get(counter));
            if (execution == 1) {
                rival.set(rivals.submit(() -> increment(rivalStore, counter, 10)));
                awaitRivalPerWriterModel(rival.get());
            }
            tx.set(counter, littleEndian(seen + 1));
            return execution;
        });
        rival.get().get(10, TimeUnit.SECONDS);
        assertThat(asLong(get(counter))).as("both increments survive").isEqualTo(11);
        if (writers() == Writers.OPTIMISTIC) {
            assertThat(lastExecution).as("body ran again after the conflict").isEqualTo(2);
        } else {
            assertThat(lastExecution).as("the rival waited instead").isEqualTo(1);
        }
        assertThat(executions.get()).isEqualTo(lastExecution);
    }

    @Test
    void snapshotReadDoesNotConflictWithAConcurrentWrite() throws Exception {
        byte[] watched = key("watched");
        KeyValueStore rivalStore = open(StoreOptions.DEFAULT);
        AtomicInteger executions = new AtomicInteger();
        AtomicReference<Future<?>> rival = new AtomicReference<>();
        int lastExecution = store.run(tx -> {
            int execution = executions.incrementAndGet();
            long seen = asLong(tx.snapshot().get(watched));
            if (execution == 1) {
                rival.set(rivals.submit(() -> increment(rivalStore, watched, 10)));
                awaitRivalPerWriterModel(rival.get());
            }
            tx.set(key("mine"), littleEndian(seen));
            return execution;
        });
        rival.get().get(10, TimeUnit.SECONDS);
        assertThat(lastExecution).isEqualTo(1);
        assertThat(asLong(get(watched))).isEqualTo(10);
        assertThat(asLong(get(key("mine")))).isEqualTo(0);
    }

    @Test
    void addedReadConflictKeyMakesTheTransactionConflict() throws Exception {
        assertConflictHintCausesRetry((tx, watched) -> tx.addReadConflictKey(watched));
    }

    @Test
    void addedReadConflictRangeMakesTheTransactionConflict() throws Exception {
        assertConflictHintCausesRetry((tx, watched) -> tx.addReadConflictRange(watched, concat(watched, new byte[] {0})));
    }

    @Test
    void executionsThatTogetherOutlastOneExecutionsBoundSucceedWhenEachStaysWithinIt() throws Exception {
        assumeTrue(writers() == Writers.OPTIMISTIC,
                "one writer at a time: a body never conflicts, so it is never run again; SqliteWriteLockTest"
                        + " covers a call that waits longer than one execution's bound");
        byte[] counter = key("counter");
        KeyValueStore rivalStore = open(StoreOptions.DEFAULT);
        AtomicInteger executions = new AtomicInteger();
        int conflicts = 3;
        Duration each = StoreOptions.DEFAULT.attemptTimeout().dividedBy(conflicts);
        int lastExecution = store.run(tx -> {
            int execution = executions.incrementAndGet();
            long seen = asLong(tx.get(counter));
            sleep(each);
            if (execution <= conflicts) {
                increment(rivalStore, counter, 10);
            }
            tx.set(counter, littleEndian(seen + 1));
            return execution;
        });
        assertThat(lastExecution).isEqualTo(conflicts + 1);
        assertThat(asLong(get(counter))).isEqualTo(10L * conflicts + 1);
    }

    @Test
    void readTransactionSeesOneSnapshotAndDoesNotBlockWriters() {
        byte[] k = key("k");
        store.run(tx -> {
            tx.set(k, littleEndian(1));
            return null;
        });
        List<Long> seen = store.read(tx -> {
            long first = asLong(tx.get(k));
            Future<?> writer = rivals.submit(() -> store.run(w -> {
                w.set(k, littleEndian(2));
                return null;
            }));
            await(writer, Duration.ofSeconds(4));
            long second = asLong(tx.get(k));
            return List.of(first, second);
        });
        assertThat(seen).containsExactly(1L, 1L);
        assertThat(asLong(get(k))).isEqualTo(2);
    }

    @Test
    void addAcceptsNegativeDeltasAndWrapsLikeTwosComplement() {
        byte[] n = key("n");
        store.run(tx -> {
            tx.add(n, 5);
            return null;
        });
        store.run(tx -> {
            tx.add(n, -8);
            return null;
        });
        assertThat(get(n)).hasSize(8);
        assertThat(asLong(get(n))).isEqualTo(-3);
        store.run(tx -> {
            tx.add(key("absent"), -1);
            tx.add(key("max"), Long.MAX_VALUE);
            tx.add(key("max"), 1);
            return null;
        });
        assertThat(asLong(get(key("absent")))).isEqualTo(-1);
        assertThat(asLong(get(key("max")))).isEqualTo(Long.MIN_VALUE);
    }

    @Test
    void addZeroExtendsAShorterValueAndTruncatesALongerOne() {
        store.run(tx -> {
            tx.set(key("short"), new byte[] {0x01, 0x02});
            tx.set(key("long"), new byte[] {0x01, 0, 0, 0, 0, 0, 0, 0, 0x09, 0x09});
            return null;
        });
        store.run(tx -> {
            tx.add(key("short"), 1);
            tx.add(key("long"), 1);
            return null;
        });
        assertThat(get(key("short"))).isEqualTo(littleEndian(0x0202));
        assertThat(get(key("long"))).isEqualTo(littleEndian(2));
    }

    @Test
    void bitOrExtendsAShorterValueAndTruncatesALongerOne() {
        store.run(tx -> {
            tx.set(key("short"), new byte[] {0x01});
            tx.set(key("long"), new byte[] {0x01, 0x02, 0x04});
            return null;
        });
        store.run(tx -> {
            tx.bitOr(key("absent"), new byte[] {0x00, 0x05});
            tx.bitOr(key("short"), new byte[] {0x00, 0x02});
            tx.bitOr(key("long"), new byte[] {0x10});
            return null;
        });
        assertThat(get(key("absent"))).containsExactly(0x00, 0x05);
        assertThat(get(key("short"))).containsExactly(0x01, 0x02);
        assertThat(get(key("long"))).containsExactly(0x11);
    }

    @Test
    void versionstampedKeysListInCommitOrderAndByUserVersionWithinOneCommit() {
        Tuple log = space.add("log");
        for (int commit = 0; commit < 5; commit++) {
            int c = commit;
            store.run(tx -> {
                tx.setVersionstampedKey(log.add(Versionstamp.incomplete(1)), bytes(c + "b"));
                tx.setVersionstampedKey(log.add(Versionstamp.incomplete(0)), bytes(c + "a"));
                return null;
            });
        }
        byte[] logPrefix = log.pack();
        List<KeyValue> entries = range(logPrefix, concat(logPrefix, new byte[] {(byte) 0xff}), 0, false);
        assertThat(entries).extracting(pair -> new String(pair.value(), UTF_8))
                .containsExactly("0a", "0b", "1a", "1b", "2a", "2b", "3a", "3b", "4a", "4b");
        List<Versionstamp> stamps = entries.stream()
                .map(pair -> Tuple.fromBytes(pair.key()).getVersionstamp(3))
                .toList();
        for (int i = 0; i < stamps.size(); i += 2) {
            assertThat(stamps.get(i).isComplete()).isTrue();
            assertThat(stamps.get(i).getTransactionVersion()).isEqualTo(stamps.get(i + 1).getTransactionVersion());
            assertThat(stamps.get(i).getUserVersion()).isEqualTo(0);
            assertThat(stamps.get(i + 1).getUserVersion()).isEqualTo(1);
            if (i > 0) {
                assertThat(Arrays.compareUnsigned(stamps.get(i - 1).getTransactionVersion(), stamps.get(i).getTransactionVersion()))
                        .isNegative();
            }
        }
    }

    @Test
    void versionstampedValueRecordsTheStampOfTheKeyWrittenWithIt() {
        Tuple log = space.add("log");
        byte[] index = key("index");
        store.run(tx -> {
            tx.setVersionstampedKey(log.add(Versionstamp.incomplete(7)), bytes("entry"));
            tx.setVersionstampedValue(index, Tuple.from("entry", Versionstamp.incomplete(7)));
            return null;
        });
        byte[] logPrefix = log.pack();
        KeyValue entry = range(logPrefix, concat(logPrefix, new byte[] {(byte) 0xff}), 0, false).get(0);
        Versionstamp inKey = Tuple.fromBytes(entry.key()).getVersionstamp(3);
        Versionstamp inValue = Tuple.fromBytes(get(index)).getVersionstamp(1);
        assertThat(inValue).isEqualTo(inKey);
        assertThat(inValue.isComplete()).isTrue();
    }

    @Test
    void versionstampedWritesNeedExactlyOneIncompleteVersionstamp() {
        assertThatThrownBy(() -> store.run(tx -> {
            tx.setVersionstampedKey(space.add("none"), bytes("x"));
            return null;
        })).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> store.run(tx -> {
            tx.setVersionstampedKey(space.add(Versionstamp.incomplete(0)).add(Versionstamp.incomplete(1)), bytes("x"));
            return null;
        })).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> store.run(tx -> {
            tx.setVersionstampedValue(key("v"), Tuple.from("no stamp"));
            return null;
        })).isInstanceOf(IllegalArgumentException.class);
        assertThat(range(prefix, prefixEnd(), 0, false)).isEmpty();
    }

    @Test
    void writeTransactionOverrunningItsTimeoutFailsAndCommitsNothing() {
        KeyValueStore quick = open(StoreOptions.DEFAULT.withCallTimeout(Duration.ofMillis(300)));
        assertThatThrownBy(() -> quick.run(tx -> {
            tx.set(key("early"), bytes("x"));
            sleep(Duration.ofMillis(700));
            tx.set(key("late"), bytes("y"));
            return null;
        })).isInstanceOf(TransactionTimeoutException.class);
        assertThat(get(key("early"))).isNull();
        assertThat(get(key("late"))).isNull();
        quick.run(tx -> {
            tx.set(key("next"), bytes("z"));
            return null;
        });
        assertThat(get(key("next"))).as("the store still works after a timeout").isEqualTo(bytes("z"));
    }

    @Test
    void interruptDuringTheBodyCommitsNothingEvenIfTheBodyReturns() {
        // A body that caught the failed read of an interrupted wait and went on with its other
        // items, as per-item catches do, returns normally: its writes must still not commit.
        try {
            assertThatThrownBy(() -> store.run(tx -> {
                tx.set(key("half"), bytes("x"));
                Thread.currentThread().interrupt();
                return null;
            })).isInstanceOf(TransactionInterruptedException.class);
            assertThat(Thread.currentThread().isInterrupted()).as("the interrupt is left for the caller").isTrue();
        } finally {
            Thread.interrupted();
        }
        assertThat(get(key("half"))).isNull();
    }

    @Test
    void timedOutReadSwallowedByTheBodyCommitsNothing() {
        KeyValueStore quick = open(StoreOptions.DEFAULT.withCallTimeout(Duration.ofMillis(300)));
        assertThatThrownBy(() -> quick.run(tx -> {
            tx.set(key("early"), bytes("x"));
            sleep(Duration.ofMillis(700));
            try {
                tx.get(key("late"));
            } catch (TransactionTimeoutException swallowed) {
                // The per-item catch of a batch body: the item fails, the body goes on.
            }
            return null;
        })).isInstanceOf(TransactionTimeoutException.class);
        assertThat(get(key("early"))).isNull();
    }

    @Test
    void readTransactionOverrunningItsTimeoutFails() {
        KeyValueStore quick = open(StoreOptions.DEFAULT.withCallTimeout(Duration.ofMillis(300)));
        assertThatThrownBy(() -> quick.read(tx -> {
            sleep(Duration.ofMillis(700));
            return tx.get(key("k"));
        })).isInstanceOf(TransactionTimeoutException.class);
    }

    @Test
    void concurrentIncrementsFromManyThreadsAddUpExactly() throws Exception {
        int threads = 4;
        int increments = 40;
        byte[] readModifyWrite = key("rmw");
        byte[] atomic = key("atomic");
        KeyValueStore second = open(StoreOptions.DEFAULT);
        List<Future<?>> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            KeyValueStore handle = t % 2 == 0 ? store : second;
            workers.add(rivals.submit(() -> {
                for (int i = 0; i < increments; i++) {
                    handle.run(tx -> {
                        tx.set(readModifyWrite, littleEndian(asLong(tx.get(readModifyWrite)) + 1));
                        tx.add(atomic, 1);
                        return null;
                    });
                }
                return null;
            }));
        }
        for (Future<?> worker : workers) {
            worker.get(60, TimeUnit.SECONDS);
        }
        assertThat(asLong(get(readModifyWrite))).isEqualTo(threads * increments);
        assertThat(asLong(get(atomic))).isEqualTo(threads * increments);
    }

    @Test
    void keysInTheSystemKeyspaceAndOversizedEntriesAreRefused() {
        byte[] system = {(byte) 0xff, 0x01};
        assertRefused(tx -> tx.set(system, bytes("x")));
        assertRefused(tx -> tx.get(system));
        assertRefused(tx -> tx.getAll(List.of(key("fine"), system)));
        assertRefused(tx -> tx.set(new byte[KeyLimits.MAX_KEY_BYTES + 1], bytes("x")), KeyTooLargeException.class);
        assertRefused(tx -> tx.set(key("big"), new byte[KeyLimits.MAX_VALUE_BYTES + 1]), ValueTooLargeException.class);
        byte[] largestKey = Arrays.copyOf(prefix, KeyLimits.MAX_KEY_BYTES);
        store.run(tx -> {
            tx.set(largestKey, new byte[KeyLimits.MAX_VALUE_BYTES]);
            return null;
        });
        assertThat(get(largestKey)).hasSize(KeyLimits.MAX_VALUE_BYTES);
        assertThat(range(prefix, new byte[] {(byte) 0xff}, 1, false)).hasSize(1);
    }

    @Test
    void closedStoreRefusesEveryCallWithTheStoresOwnError() {
        KeyValueStore closing = open(StoreOptions.DEFAULT);
        closing.close();
        closing.close();
        assertThatThrownBy(() -> closing.run(tx -> null))
                .isExactlyInstanceOf(StoreException.class).hasMessageContaining("store is closed");
        assertThatThrownBy(() -> closing.read(tx -> null))
                .isExactlyInstanceOf(StoreException.class).hasMessageContaining("store is closed");
    }

    @Test
    void transactionCannotBeUsedAfterItsBodyReturned() {
        AtomicReference<Transaction> escaped = new AtomicReference<>();
        store.run(tx -> {
            escaped.set(tx);
            return null;
        });
        assertThatThrownBy(() -> escaped.get().get(key("a"))).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> escaped.get().set(key("a"), bytes("x"))).isInstanceOf(IllegalStateException.class);
        assertThat(get(key("a"))).isNull();
    }

    @Test
    void nestedReadWriteTransactionsAreRefused() {
        assertThatThrownBy(() -> store.run(outer -> store.run(inner -> null)))
                .isInstanceOf(StoreException.class)
                .hasMessageContaining("transactions cannot be nested");
    }

    /** A transaction step used by conflict-hint scenarios. */
    private interface Hint {
        void apply(Transaction tx, byte[] watched);
    }

    /** A body that must fail before anything is committed. */
    private interface Step {
        void apply(Transaction tx);
    }

    private void assertConflictHintCausesRetry(Hint hint) throws Exception {
        byte[] watched = key("watched");
        KeyValueStore rivalStore = open(StoreOptions.DEFAULT);
        AtomicInteger executions = new AtomicInteger();
        AtomicReference<Future<?>> rival = new AtomicReference<>();
        int lastExecution = store.run(tx -> {
            int execution = executions.incrementAndGet();
            // FoundationDB takes the read version at a transaction's first read: a body that has
            // read nothing when the rival commits would read after it and not conflict. Every
            // real body reads before it writes, so this one does too.
            tx.get(key("mine"));
            hint.apply(tx, watched);
            if (execution == 1) {
                rival.set(rivals.submit(() -> increment(rivalStore, watched, 10)));
                awaitRivalPerWriterModel(rival.get());
            }
            tx.set(key("mine"), littleEndian(execution));
            return execution;
        });
        rival.get().get(10, TimeUnit.SECONDS);
        assertThat(lastExecution).isEqualTo(writers() == Writers.OPTIMISTIC ? 2 : 1);
        assertThat(asLong(get(watched))).isEqualTo(10);
        assertThat(asLong(get(key("mine")))).isEqualTo(lastExecution);
    }

    /**
     * Inside an open transaction: an optimistic backend lets the rival commit now; a
     * one-writer backend must keep it waiting until this transaction ends.
     */
    private void awaitRivalPerWriterModel(Future<?> rival) {
        if (writers() == Writers.OPTIMISTIC) {
            await(rival, Duration.ofSeconds(4));
        } else {
            assertThatThrownBy(() -> rival.get(BLOCKED_FOR.toMillis(), TimeUnit.MILLISECONDS))
                    .as("a second writer waits while a transaction is open")
                    .isInstanceOf(TimeoutException.class);
        }
    }

    private static void await(Future<?> future, Duration limit) {
        try {
            future.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            throw new AssertionError("concurrent transaction did not complete", e);
        }
    }

    private static Void increment(KeyValueStore handle, byte[] key, long delta) {
        return handle.run(tx -> {
            tx.set(key, littleEndian(asLong(tx.get(key)) + delta));
            return null;
        });
    }

    private void assertRefused(Step step) {
        assertRefused(step, IllegalArgumentException.class);
    }

    private void assertRefused(Step step, Class<? extends RuntimeException> refusal) {
        assertThatThrownBy(() -> store.run(tx -> {
            step.apply(tx);
            return null;
        })).isInstanceOf(refusal);
    }

    /** A fresh handle with {@code options} on this test's database, closed after the test. */
    protected final KeyValueStore open(StoreOptions options) {
        KeyValueStore handle = openStore(options);
        opened.add(handle);
        return handle;
    }

    private byte[] get(byte[] key) {
        return store.read(tx -> tx.get(key));
    }

    private List<KeyValue> range(byte[] begin, byte[] end, int limit, boolean reverse) {
        return store.read(tx -> tx.getRange(begin, end, limit, reverse));
    }

    private void writeNumbered(int count) {
        store.run(tx -> {
            for (int i = 0; i < count; i++) {
                tx.set(key(i), new byte[] {(byte) i});
            }
            return null;
        });
    }

    private static List<Integer> suffixes(List<KeyValue> pairs) {
        return pairs.stream().map(pair -> (int) pair.value()[0]).toList();
    }

    private byte[] key(String name) {
        return concat(prefix, bytes(name));
    }

    private byte[] key(int number) {
        return concat(prefix, new byte[] {(byte) number});
    }

    /** The first key after every key that starts with this test's prefix. */
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

    private static byte[] bytes(String text) {
        return text.getBytes(UTF_8);
    }

    static byte[] littleEndian(long value) {
        return ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN).putLong(value).array();
    }

    static long asLong(byte[] value) {
        return value == null ? 0 : ByteBuffer.wrap(Arrays.copyOf(value, Long.BYTES)).order(ByteOrder.LITTLE_ENDIAN).getLong();
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
