package io.frontier.store.kv.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.StoreOptions;
import io.frontier.store.kv.TransactionTimeoutException;
import io.frontier.store.kv.TransactionTooOldException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Waiting for the one write lock: bounded by the call's deadline, not by one execution's, and never
 * needed by readers.
 */
class SqliteWriteLockTest {

    private static final byte[] KEY = {0x01};
    private static final StoreOptions QUICK = StoreOptions.DEFAULT.withCallTimeout(Duration.ofMillis(300));

    @TempDir
    Path directory;

    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stopThreads() {
        threads.shutdownNow();
    }

    @Test
    void writerOnAnotherConnectionTimesOutWhileTheWriteLockIsHeldAndSucceedsAfterwards() throws Exception {
        Path file = directory.resolve("store.db");
        try (KeyValueStore holder = SqliteKeyValueStore.open(file, StoreOptions.DEFAULT);
                KeyValueStore waiter = SqliteKeyValueStore.open(file, QUICK)) {
            CountDownLatch holding = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            Future<?> held = threads.submit(() -> holder.run(tx -> {
                tx.set(KEY, new byte[] {1});
                holding.countDown();
                await(release);
                return null;
            }));
            assertThat(holding.await(5, TimeUnit.SECONDS)).isTrue();

            long started = System.nanoTime();
            assertThatThrownBy(() -> waiter.run(tx -> {
                tx.set(KEY, new byte[] {2});
                return null;
            })).isInstanceOf(TransactionTimeoutException.class)
                    .hasMessageStartingWith("transaction timed out waiting for the write lock")
                    .hasMessageContaining("timeout=PT0.3S");
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));

            release.countDown();
            held.get(5, TimeUnit.SECONDS);
            waiter.run(tx -> {
                tx.set(KEY, new byte[] {2});
                return null;
            });
            byte[] value = waiter.read(tx -> tx.get(KEY));
            assertThat(value).containsExactly(2);
        }
    }

    @Test
    void callWaitingForTheWriteLockMayOutlastOneExecutionsBoundAndStillCommit() throws Exception {
        // With the defaults, a wait of 3.5 s and an execution of 2 s: more than the 5 s one
        // execution may take, well within the call's deadline.
        Path file = directory.resolve("store.db");
        try (KeyValueStore holder = SqliteKeyValueStore.open(file, StoreOptions.DEFAULT);
                KeyValueStore waiter = SqliteKeyValueStore.open(file, StoreOptions.DEFAULT)) {
            CountDownLatch holding = new CountDownLatch(1);
            Future<?> held = threads.submit(() -> holder.run(tx -> {
                tx.set(KEY, new byte[] {1});
                holding.countDown();
                sleep(Duration.ofMillis(3_500));
                return null;
            }));
            assertThat(holding.await(5, TimeUnit.SECONDS)).isTrue();
            long started = System.nanoTime();
            waiter.run(tx -> {
                byte[] before = tx.get(KEY);
                sleep(Duration.ofSeconds(2));
                tx.set(KEY, new byte[] {(byte) (before[0] + 1)});
                return null;
            });
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThan(StoreOptions.DEFAULT.attemptTimeout());
            held.get(5, TimeUnit.SECONDS);
            byte[] value = waiter.read(tx -> tx.get(KEY));
            assertThat(value).containsExactly(2);
        }
    }

    @Test
    void executionOutlivingItsAttemptTimeoutEndsTheCallAtOnceAndCommitsNothing() {
        StoreOptions shortExecutions = StoreOptions.DEFAULT.withAttemptTimeout(Duration.ofMillis(300));
        try (KeyValueStore store = SqliteKeyValueStore.open(directory.resolve("store.db"), shortExecutions)) {
            AtomicInteger executions = new AtomicInteger();
            assertThatThrownBy(() -> store.run(tx -> {
                executions.incrementAndGet();
                tx.set(KEY, new byte[] {1});
                sleep(Duration.ofMillis(500));
                return tx.get(KEY);
            })).isInstanceOf(TransactionTooOldException.class)
                    .hasMessageContaining("limit=PT0.3S");
            assertThat(executions.get()).as("only the body makes an execution slow here: not run again").isEqualTo(1);
            byte[] value = store.read(tx -> tx.get(KEY));
            assertThat(value).isNull();
        }
    }

    @Test
    void threadOfTheSameStoreTimesOutWaitingForItsWriterConnection() throws Exception {
        try (KeyValueStore store = SqliteKeyValueStore.open(directory.resolve("store.db"), QUICK)) {
            CountDownLatch holding = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            Future<?> slow = threads.submit(() -> store.run(tx -> {
                tx.set(KEY, new byte[] {1});
                holding.countDown();
                await(release);
                return null;
            }));
            assertThat(holding.await(5, TimeUnit.SECONDS)).isTrue();
            assertThatThrownBy(() -> store.run(tx -> null))
                    .isInstanceOf(TransactionTimeoutException.class)
                    .hasMessageStartingWith("transaction timed out waiting for the write lock");
            release.countDown();
            assertThatThrownBy(() -> slow.get(5, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .cause()
                    .isInstanceOf(TransactionTimeoutException.class)
                    .hasMessageStartingWith("transaction did not finish before its deadline");
            byte[] value = store.read(tx -> tx.get(KEY));
            assertThat(value).as("the slow transaction committed nothing").isNull();
        }
    }

    @Test
    void readerNeitherWaitsForNorSeesAnOpenWriteTransaction() throws Exception {
        Path file = directory.resolve("store.db");
        try (KeyValueStore writer = SqliteKeyValueStore.open(file, StoreOptions.DEFAULT);
                KeyValueStore reader = SqliteKeyValueStore.open(file, QUICK)) {
            writer.run(tx -> {
                tx.set(KEY, new byte[] {1});
                return null;
            });
            CountDownLatch holding = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            Future<?> open = threads.submit(() -> writer.run(tx -> {
                tx.set(KEY, new byte[] {2});
                holding.countDown();
                await(release);
                return null;
            }));
            assertThat(holding.await(5, TimeUnit.SECONDS)).isTrue();
            byte[] during = reader.read(tx -> tx.get(KEY));
            assertThat(during).containsExactly(1);
            release.countDown();
            open.get(5, TimeUnit.SECONDS);
            byte[] after = reader.read(tx -> tx.get(KEY));
            assertThat(after).containsExactly(2);
        }
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(10, TimeUnit.SECONDS)) {
                throw new AssertionError("latch was never released");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
