package io.frontier.store.kv;

import com.apple.foundationdb.tuple.Tuple;
import com.apple.foundationdb.tuple.Versionstamp;
import io.frontier.store.kv.fdb.ClientBuggify;
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
 * The body of one child JVM in {@link MultiProcessConformance}: opens the store whose URL is its
 * first argument and commits its second argument's number of transactions, each incrementing a
 * shared counter by read-modify-write and by atomic add, writing its own marker key, and
 * appending a versionstamped log entry, all under the key prefix its sixth argument names. Each
 * transaction first looks for its own marker and does nothing if it finds it: a body run again
 * after its commit was reported unknown (FoundationDB's {@code commit_unknown_result}; the
 * seventh argument, {@code true}, turns on the client buggify that causes it) must not count
 * twice. Once its JVM is up it creates {@code <fourth
 * argument>.<worker>.ready}, then starts only once the file named by its fourth argument exists:
 * the parent creates that file when every child is ready, so that all children write at the same
 * time even on a loaded machine. Before its second transaction and before the one in the middle
 * it waits until every one of the fifth argument's number of children has committed the
 * transaction before: the log then has three parts, each holding commits of every child, so the
 * commits of different children interleave by construction, not by the scheduler's luck. Exits 0
 * only if every transaction committed.
 */
public final class IncrementingProcess {

    private IncrementingProcess() {
    }

    /** Every key of the run named {@code run}, under the test root. */
    static Tuple space(String run) {
        return Tuple.from("frontier-test", "multi-process", run);
    }

    static byte[] readModifyWrite(String run) {
        return space(run).add("rmw").pack();
    }

    static byte[] atomic(String run) {
        return space(run).add("atomic").pack();
    }

    static Tuple log(String run) {
        return space(run).add("log");
    }

    static Tuple markers(String run) {
        return space(run).add("marker");
    }

    static Tuple marker(String run, String worker, int sequence) {
        return markers(run).add(worker).add(sequence);
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
    private static void awaitEveryChildsCommit(KeyValueStore store, String run, int sequence, int processes)
            throws InterruptedException {
        byte[] begin = markers(run).pack();
        byte[] end = Arrays.copyOf(begin, begin.length + 1);
        end[begin.length] = (byte) 0xff;
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (store.read(tx -> tx.getRange(begin, end, 0, false)).stream()
                .filter(pair -> Tuple.fromBytes(pair.key()).getLong(5) == sequence).count() < processes) {
            if (System.nanoTime() > giveUp) {
                throw new IllegalStateException("the other children never committed transaction " + sequence);
            }
            Thread.sleep(2);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        String url = args[0];
        int transactions = Integer.parseInt(args[1]);
        String worker = args[2];
        Path startSignal = Path.of(args[3]);
        int processes = Integer.parseInt(args[4]);
        String run = args[5];
        if (Boolean.parseBoolean(args[6])) {
            ClientBuggify.enable();
        }
        byte[] readModifyWrite = readModifyWrite(run);
        byte[] atomic = atomic(run);
        try {
            Files.createFile(readySignal(startSignal, worker));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        awaitStartSignal(startSignal);
        StoreOptions options = StoreOptions.DEFAULT.withCallTimeout(Duration.ofSeconds(30));
        try (KeyValueStore store = KeyValueStores.open(StoreUrl.parse(url), options)) {
            for (int i = 0; i < transactions; i++) {
                int sequence = i;
                if (sequence == 1 || sequence == transactions / 2) {
                    awaitEveryChildsCommit(store, run, sequence - 1, processes);
                }
                byte[] marker = marker(run, worker, sequence).pack();
                store.run(tx -> {
                    if (tx.get(marker) != null) {
                        return null;
                    }
                    byte[] old = tx.get(readModifyWrite);
                    long value = old == null ? 0 : ByteBuffer.wrap(Arrays.copyOf(old, 8)).order(ByteOrder.LITTLE_ENDIAN).getLong();
                    tx.set(readModifyWrite, ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(value + 1).array());
                    tx.add(atomic, 1);
                    tx.set(marker, new byte[0]);
                    tx.setVersionstampedKey(log(run).add(Versionstamp.incomplete(0)), Tuple.from(worker, sequence).pack());
                    return null;
                });
            }
        }
    }
}
