package io.frontier.store.kv.sqlite;

import com.apple.foundationdb.tuple.Tuple;
import com.apple.foundationdb.tuple.Versionstamp;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.StoreOptions;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * The body of one child JVM in {@link SqliteMultiProcessTest}: opens the store named by its
 * first argument and commits its second argument's number of transactions, each incrementing a
 * shared counter by read-modify-write and by atomic add, writing its own marker key, and
 * appending a versionstamped log entry. Once its JVM is up it creates {@code <fourth
 * argument>.<worker>.ready}, then starts only once the file named by its fourth argument exists:
 * the parent creates that file when every child is ready, so that all children write at the same
 * time even on a loaded machine. Before its second transaction and before the one in the middle
 * it waits until every one of the fifth argument's number of children has committed the
 * transaction before: the log then has three parts, each holding commits of every child, so the
 * commits of different children interleave by construction, not by the scheduler's luck. Exits 0
 * only if every transaction committed.
 */
public final class IncrementingProcess {

    static final byte[] READ_MODIFY_WRITE = Tuple.from("rmw").pack();
    static final byte[] ATOMIC = Tuple.from("atomic").pack();
    static final Tuple LOG = Tuple.from("log");

    private IncrementingProcess() {
    }

    static Tuple marker(String worker, int sequence) {
        return Tuple.from("marker", worker, sequence);
    }

    /** The file a child creates once it is ready to start. */
    static Path readySignal(Path startSignal, String worker) {
        return startSignal.resolveSibling(startSignal.getFileName() + "." + worker + ".ready");
    }

    private static void awaitStartSignal(Path signal) throws InterruptedException {
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(signal)) {
            if (System.nanoTime() > giveUp) {
                throw new IllegalStateException("start signal never came: " + signal);
            }
            Thread.sleep(2);
        }
    }

    /** Waits until {@code processes} children have each written their marker of {@code sequence}. */
    private static void awaitEveryChildsCommit(KeyValueStore store, int sequence, int processes)
            throws InterruptedException {
        byte[] begin = Tuple.from("marker").pack();
        byte[] end = Arrays.copyOf(begin, begin.length + 1);
        end[begin.length] = (byte) 0xff;
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (store.read(tx -> tx.getRange(begin, end, 0, false)).stream()
                .filter(pair -> Tuple.fromBytes(pair.key()).getLong(2) == sequence).count() < processes) {
            if (System.nanoTime() > giveUp) {
                throw new IllegalStateException("the other children never committed transaction " + sequence);
            }
            Thread.sleep(2);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Path file = Path.of(args[0]);
        int transactions = Integer.parseInt(args[1]);
        String worker = args[2];
        Path startSignal = Path.of(args[3]);
        int processes = Integer.parseInt(args[4]);
        try {
            Files.createFile(readySignal(startSignal, worker));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        awaitStartSignal(startSignal);
        StoreOptions options = StoreOptions.DEFAULT.withCallTimeout(Duration.ofSeconds(30));
        try (KeyValueStore store = SqliteKeyValueStore.open(file, options)) {
            for (int i = 0; i < transactions; i++) {
                int sequence = i;
                if (sequence == 1 || sequence == transactions / 2) {
                    awaitEveryChildsCommit(store, sequence - 1, processes);
                }
                store.run(tx -> {
                    byte[] old = tx.get(READ_MODIFY_WRITE);
                    long value = old == null ? 0 : ByteBuffer.wrap(Arrays.copyOf(old, 8)).order(ByteOrder.LITTLE_ENDIAN).getLong();
                    tx.set(READ_MODIFY_WRITE, ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(value + 1).array());
                    tx.add(ATOMIC, 1);
                    tx.set(marker(worker, sequence).pack(), new byte[0]);
                    tx.setVersionstampedKey(LOG.add(Versionstamp.incomplete(0)), Tuple.from(worker, sequence).pack());
                    return null;
                });
            }
        }
    }
}
