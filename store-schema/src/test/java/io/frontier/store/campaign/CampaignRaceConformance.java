package io.frontier.store.campaign;

import static io.frontier.store.campaign.CampaignFixtures.payload;
import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.KeyRange;
import io.frontier.store.keyspace.TestKeyspace;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.kv.KeyValue;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.ReadTransaction;
import io.frontier.store.kv.KeyValueStores;
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
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several threads, and several OS processes, race every edge of the state machine on one store
 * with leases short enough to expire under them, run against every backend by a few-line
 * subclass. Afterwards the logs and the store must show: no item valid under two tokens at once,
 * no committed result changing token, no child enqueued twice, and counters equal to a recount.
 * Each test races in a campaign of its own and clears it afterwards.
 */
public abstract class CampaignRaceConformance {

    private static final int SEEDS = 60;

    @TempDir
    Path directory;

    /** This test's campaign, under the test root. */
    private final String campaign = "race-" + UUID.randomUUID();

    /** A handle on the database of the current test; the caller closes it. */
    protected abstract KeyValueStore openStore(Path directory) throws Exception;

    /** What a racing process passes to {@link KeyValueStores#open} to reach the same database. */
    protected abstract String storeUrl(Path directory) throws Exception;

    /**
     * Whether the racing processes turn on FoundationDB's client buggify before they open the
     * store, so that their commits meet {@code commit_unknown_result}; false by default.
     */
    protected boolean clientBuggify() {
        return false;
    }

    @AfterEach
    void clearCampaign() throws Exception {
        try (KeyValueStore kv = openStore(directory)) {
            KeyRange all = TestKeyspace.campaign(campaign).all();
            kv.run(tx -> {
                tx.clearRange(all.begin(), all.end());
                return null;
            });
        }
    }

    @Test
    void threadsRacingOnOneStoreKeepEveryInvariant() throws Exception {
        Path logs = Files.createDirectories(directory.resolve("logs"));
        try (KeyValueStore kv = openStore(directory)) {
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
        Path logs = Files.createDirectories(directory.resolve("logs"));
        try (KeyValueStore kv = openStore(directory)) {
            seed(kv);
        }
        List<Process> processes = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            processes.add(new ProcessBuilder(javaBinary(), "-cp", System.getProperty("java.class.path"),
                    RaceProcess.class.getName(), storeUrl(directory), campaign, "process-" + i, "4.0", "2",
                    logs.toString(), "1", String.valueOf(clientBuggify()))
                    .redirectErrorStream(true)
                    .redirectOutput(directory.resolve("process-" + i + ".out").toFile())
                    .start());
        }
        for (int i = 0; i < processes.size(); i++) {
            Process process = processes.get(i);
            assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("process %d finished", i).isTrue();
            assertThat(process.exitValue()).as(Files.readString(directory.resolve("process-" + i + ".out"))).isZero();
        }
        try (KeyValueStore kv = openStore(directory)) {
            check(kv, new CampaignStore(kv, TestKeyspace.campaign(campaign)), logs);
        }
    }

    private CampaignStore seed(KeyValueStore kv) {
        CampaignStore store = new CampaignStore(kv, TestKeyspace.campaign(campaign));
        store.init(CampaignConfig.of("race", 8, 1_000), "job-1", RaceParticipant.now());
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
