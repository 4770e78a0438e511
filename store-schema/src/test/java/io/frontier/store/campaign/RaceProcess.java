package io.frontier.store.campaign;

import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.TestKeyspace;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.KeyValueStores;
import io.frontier.store.kv.fdb.ClientBuggify;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A coordinator process of the multi-process race: opens the store itself and runs
 * {@link RaceParticipant}s in a few threads. Arguments: store URL ({@code sqlite:<file>} or
 * {@code fdb:<cluster-file>}), campaign, name, seconds, threads, log directory, epoch, and
 * whether to turn on FoundationDB's client buggify first ({@code true} or {@code false}).
 */
public final class RaceProcess {

    private RaceProcess() {
    }

    public static void main(String[] args) throws Exception {
        String url = args[0];
        String name = args[2];
        double seconds = Double.parseDouble(args[3]);
        int threads = Integer.parseInt(args[4]);
        Path logs = Path.of(args[5]);
        long epoch = Long.parseLong(args[6]);
        if (Boolean.parseBoolean(args[7])) {
            ClientBuggify.enable();
        }
        try (KeyValueStore kv = KeyValueStores.open(url)) {
            CampaignStore store = new CampaignStore(kv, TestKeyspace.campaign(args[1]));
            List<Thread> running = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                String participant = name + "-t" + i;
                Thread thread = new Thread(new RaceParticipant(store, epoch, participant, seconds,
                        logs.resolve(participant + ".log"), ProcessHandle.current().pid() * 31 + i));
                thread.start();
                running.add(thread);
            }
            for (Thread thread : running) {
                thread.join();
            }
        }
    }
}
