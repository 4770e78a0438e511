package io.frontier.store.kv;

import static org.assertj.core.api.Assertions.assertThat;

import com.apple.foundationdb.tuple.Tuple;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several real JVMs write one store at the same time, run against every backend by a few-line
 * subclass; each run writes under a key prefix of its own and clears it afterwards.
 */
public abstract class MultiProcessConformance {

    private static final int PROCESSES = 3;
    private static final int TRANSACTIONS = 150;

    @TempDir
    Path directory;

    /** This run's key prefix, under the test root. */
    private final String run = UUID.randomUUID().toString();

    /**
     * What a child passes to {@link KeyValueStores#open} to reach the database of the current
     * test. A child creates an SQLite store if it is missing: racing to create it is part of the
     * test.
     */
    protected abstract String storeUrl(Path directory) throws Exception;

    /**
     * Whether the children turn on FoundationDB's client buggify before they open the store, so
     * that their commits meet {@code commit_unknown_result}; false by default.
     */
    protected boolean clientBuggify() {
        return false;
    }

    @AfterEach
    void clearRun() throws Exception {
        try (KeyValueStore store = KeyValueStores.open(storeUrl(directory))) {
            byte[] prefix = IncrementingProcess.space(run).pack();
            store.run(tx -> {
                tx.clearRange(prefix, end(prefix));
                return null;
            });
        }
    }

    @Test
    void concurrentProcessesCommitEveryIncrementExactlyOnceInOneOrder() throws Exception {
        String url = storeUrl(directory);
        Path startSignal = directory.resolve("go");
        List<Process> children = new ArrayList<>();
        for (int p = 0; p < PROCESSES; p++) {
            children.add(new ProcessBuilder(javaExecutable(), "-cp", System.getProperty("java.class.path"),
                    IncrementingProcess.class.getName(), url, String.valueOf(TRANSACTIONS), "w" + p, startSignal.toString(),
                    String.valueOf(PROCESSES), run, String.valueOf(clientBuggify()))
                    .redirectErrorStream(true)
                    .redirectOutput(directory.resolve("child-" + p + ".log").toFile())
                    .start());
        }
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        for (int p = 0; p < PROCESSES; p++) {
            while (!Files.exists(IncrementingProcess.readySignal(startSignal, "w" + p))) {
                assertThat(System.nanoTime()).as("child %d ready within 120 s", p).isLessThan(giveUp);
                assertThat(children.get(p).isAlive()).as("child %d is still running", p).isTrue();
                Thread.sleep(5);
            }
        }
        Files.createFile(startSignal);
        for (int p = 0; p < PROCESSES; p++) {
            Process child = children.get(p);
            assertThat(child.waitFor(120, TimeUnit.SECONDS)).as("child %d finished", p).isTrue();
            assertThat(child.exitValue())
                    .as("child %d exit code; its output:%n%s", p, Files.readString(directory.resolve("child-" + p + ".log")))
                    .isZero();
        }

        int total = PROCESSES * TRANSACTIONS;
        try (KeyValueStore store = KeyValueStores.open(url)) {
            byte[] readModifyWrite = store.read(tx -> tx.get(IncrementingProcess.readModifyWrite(run)));
            byte[] atomic = store.read(tx -> tx.get(IncrementingProcess.atomic(run)));
            assertThat(asLong(readModifyWrite)).isEqualTo(total);
            assertThat(asLong(atomic)).isEqualTo(total);

            byte[] markers = IncrementingProcess.markers(run).pack();
            List<KeyValue> written = store.read(tx -> tx.getRange(markers, end(markers), 0, false));
            assertThat(written).hasSize(total);

            byte[] log = IncrementingProcess.log(run).pack();
            List<KeyValue> entries = store.read(tx -> tx.getRange(log, end(log), 0, false));
            assertThat(entries).hasSize(total);
            assertThat(entries.stream().map(entry -> Arrays.toString(Tuple.fromBytes(entry.key()).getVersionstamp(4).getBytes())).distinct())
                    .as("every commit has its own versionstamp")
                    .hasSize(total);
            Map<String, Long> lastSequence = new HashMap<>();
            int switches = 0;
            String previousWorker = null;
            for (KeyValue entry : entries) {
                Tuple value = Tuple.fromBytes(entry.value());
                if (previousWorker != null && !previousWorker.equals(value.getString(0))) {
                    switches++;
                }
                previousWorker = value.getString(0);
                long previous = lastSequence.getOrDefault(value.getString(0), -1L);
                assertThat(value.getLong(1)).as("a process's commits appear in the log in its own order").isEqualTo(previous + 1);
                lastSequence.put(value.getString(0), value.getLong(1));
            }
            // Each of the log's three parts (see IncrementingProcess) holds every process, so entering
            // and crossing each part takes PROCESSES - 1 switches at least: 3 * (PROCESSES - 1) in all.
            assertThat(switches).as("the processes' commits interleave, so they really ran at once").isGreaterThan(PROCESSES);
        }
    }

    private static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static byte[] end(byte[] prefix) {
        byte[] end = Arrays.copyOf(prefix, prefix.length + 1);
        end[prefix.length] = (byte) 0xff;
        return end;
    }

    private static long asLong(byte[] value) {
        return ByteBuffer.wrap(value).order(ByteOrder.LITTLE_ENDIAN).getLong();
    }
}
