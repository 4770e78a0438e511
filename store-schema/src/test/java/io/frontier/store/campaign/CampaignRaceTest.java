package io.frontier.store.campaign;

import static io.frontier.store.campaign.CampaignFixtures.payload;
import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.TestKeyspace;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.kv.KeyValue;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.ReadTransaction;
import io.frontier.store.kv.StoreOptions;
import io.frontier.store.kv.sqlite.SqliteKeyValueStore;
import io.frontier.store.record.CampaignConfig;
import io.frontier.store.record.RecordCodec;
import io.frontier.store.record.WorkPayload;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.record.WorkState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several threads, and several OS processes, race every edge of the state machine on one SQLite
 * store with leases short enough to expire under them. Afterwards the logs and the store must
 * show: no item valid under two tokens at once, no committed result changing token, no child
 * enqueued twice, and counters equal to a recount.
 */
class CampaignRaceTest {

    private static final String CAMPAIGN = "race";
    private static final int SEEDS = 60;

    @TempDir
    Path directory;

    @Test
    void threadsRacingOnOneStoreKeepEveryInvariant() throws Exception {
        Path file = directory.resolve("race.db");
        Path logs = Files.createDirectories(directory.resolve("logs"));
        try (KeyValueStore kv = SqliteKeyValueStore.open(file, StoreOptions.DEFAULT)) {
            CampaignStore store = seed(kv);
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                String name = "thread-" + i;
                threads.add(new Thread(new RaceParticipant(store, 1, name, 3.0, logs.resolve(name + ".log"), i)));
            }
            threads.forEach(Thread::start);
            for (Thread thread : threads) {
                thread.join();
            }
            check(kv, store, logs);
        }
    }

    @Test
    void processesRacingOnOneStoreKeepEveryInvariant() throws Exception {
        Path file = directory.resolve("race.db");
        Path logs = Files.createDirectories(directory.resolve("logs"));
        try (KeyValueStore kv = SqliteKeyValueStore.open(file, StoreOptions.DEFAULT)) {
            seed(kv);
        }
        List<Process> processes = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            processes.add(new ProcessBuilder(javaBinary(), "-cp", System.getProperty("java.class.path"),
                    RaceProcess.class.getName(), file.toString(), CAMPAIGN, "process-" + i, "4.0", "2",
                    logs.toString(), "1")
                    .redirectErrorStream(true)
                    .redirectOutput(directory.resolve("process-" + i + ".out").toFile())
                    .start());
        }
        for (int i = 0; i < processes.size(); i++) {
            Process process = processes.get(i);
            assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("process %d finished", i).isTrue();
            assertThat(process.exitValue()).as(Files.readString(directory.resolve("process-" + i + ".out"))).isZero();
        }
        try (KeyValueStore kv = SqliteKeyValueStore.open(file, StoreOptions.DEFAULT)) {
            check(kv, new CampaignStore(kv, TestKeyspace.campaign(CAMPAIGN)), logs);
        }
    }

    private static CampaignStore seed(KeyValueStore kv) {
        CampaignStore store = new CampaignStore(kv, TestKeyspace.campaign(CAMPAIGN));
        store.init(CampaignConfig.of(CAMPAIGN, 8, 1_000), "job-1", RaceParticipant.now());
        List<WorkPayload> seeds = new ArrayList<>();
        for (int i = 0; i < SEEDS; i++) {
            seeds.add(payload("race-seed-" + i));
        }
        store.admit(1, seeds).forEach(ItemResult::orThrow);
        return store;
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static void check(KeyValueStore kv, CampaignStore store, Path logs) {
        RaceLog log = RaceLog.read(logs);
        assertThat(log.malformed()).isEmpty();
        assertThat(log.grants()).as("the race granted leases").isGreaterThan(RaceParticipant.EVENTFUL);
        assertThat(log.regranted()).as("leases lapsed and were granted again").isPositive();
        assertThat(log.overlappingLeases()).isEmpty();
        assertThat(log.committingTokenChanges()).isEmpty();

        List<WorkRecord> records = records(kv, store.keys());
        Map<String, String> tokenOfResult = log.tokenOfResult();
        Set<String> children = new HashSet<>();
        Map<WorkState, Long> recount = new EnumMap<>(WorkState.class);
        for (WorkRecord record : records) {
            recount.merge(record.state(), 1L, Long::sum);
            if (record.result() != null) {
                assertThat(record.token().hex()).as("token of committed %s", record.id())
                        .isEqualTo(tokenOfResult.get(record.result().hex()));
            }
            if (record.parent() != null) {
                children.add(record.id().hex());
            }
        }
        List<String> enqueued = log.enqueuedChildren();
        assertThat(new HashSet<>(enqueued)).as("no child enqueued twice").hasSize(enqueued.size());
        assertThat(new HashSet<>(enqueued)).isEqualTo(children);

        Counts counts = store.counts();
        for (WorkState state : WorkState.values()) {
            assertThat(counts.get(Counter.of(state))).as(state.wireName()).isEqualTo(recount.getOrDefault(state, 0L));
        }
        assertThat(recount.getOrDefault(WorkState.DONE, 0L)).as("the race completed work").isPositive();
    }

    private static List<WorkRecord> records(KeyValueStore kv, CampaignKeys keys) {
        return kv.read(tx -> {
            List<WorkRecord> all = new ArrayList<>();
            for (KeyValue pair : tx.getRange(keys.works().begin(), keys.works().end(), ReadTransaction.UNLIMITED, false)) {
                all.add(RecordCodec.WORK.decode(pair.key(), pair.value()));
            }
            return all;
        });
    }

}
