package io.frontier.tools.job;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.frontier.coordinator.liveness.JobLiveness;
import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.campaign.Counts;
import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.KeyValueStores;
import io.frontier.store.record.JobHeartbeat;
import io.frontier.store.corpus.Digest;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.wire.WireCodec;
import io.frontier.tools.FrontierCommand;
import io.frontier.worker.executor.testing.FileContractTarget;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * A campaign in a temporary directory, run for real with {@code frontier run} (mpirun, rank
 * JVMs, the store, the file-contract test target), and read back afterwards. The store is the
 * campaign's SQLite file unless another is named.
 */
final class CampaignHarness {

    final Path root;
    final Path campaign;
    final Path seeds;
    final Path executor;
    /** The store {@code frontier run} creates the campaign in, or null for the default SQLite file. */
    private final String store;

    /** A campaign {@code <root>/campaign} in its SQLite file. */
    CampaignHarness(Path root, List<String> targetOptions) throws IOException {
        this(root, "campaign", null, targetOptions);
    }

    /**
     * A campaign {@code <root>/<name>} in the store {@code store} names ({@code --store}); its
     * name in the store is {@code name}, as for any campaign directory.
     */
    CampaignHarness(Path root, String name, String store, List<String> targetOptions) throws IOException {
        this.root = root;
        this.store = store;
        this.campaign = root.resolve(name);
        this.seeds = Files.createDirectories(root.resolve("seeds"));
        Path target = FileContractTarget.install(Files.createDirectories(root.resolve("bin")));
        this.executor = root.resolve("executor.json");
        Files.write(executor, WireCodec.encode(FileContractTarget.command(target, targetOptions)));
    }

    /** Writes {@code count} distinct seeds {@code seed-<i>}. */
    List<Digest> addSeeds(int count) throws IOException {
        List<Digest> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ids.add(addSeed("seed-" + i, "seed number " + i + "\n"));
        }
        return ids;
    }

    Digest addSeed(String name, String content) throws IOException {
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        Files.write(seeds.resolve(name), bytes);
        return Digest.parse(ContentHasher.hash(bytes).digest().hex());
    }

    /** Runs one job with {@code frontier run}; returns how it ended. Output of the job goes to this JVM's output. */
    Run run(int coordinators, int workers, String... extra) {
        return execute(runArguments(coordinators, workers, extra));
    }

    /** Starts {@link #run} on a thread of its own; the caller bounds its wait for the result. */
    CompletableFuture<Run> startRun(int coordinators, int workers, String... extra) {
        List<String> args = runArguments(coordinators, workers, extra);
        return CompletableFuture.supplyAsync(() -> execute(args), daemonThread());
    }

    /** Runs the next job with {@code frontier resume}; returns how it ended. */
    Run resume(String... extra) {
        return execute(resumeArguments(extra));
    }

    /** Starts {@link #resume} on a thread of its own; the caller bounds its wait for the result. */
    CompletableFuture<Run> startResume(String... extra) {
        List<String> args = resumeArguments(extra);
        return CompletableFuture.supplyAsync(() -> execute(args), daemonThread());
    }

    /**
     * Creation options only for a new campaign: run refuses them on an existing one. A time
     * limit among {@code extra} replaces the harness's 20 s.
     */
    List<String> runArguments(int coordinators, int workers, String... extra) {
        List<String> args = new ArrayList<>(List.of("run", campaign.toString(), "--coordinators",
                Integer.toString(coordinators), "--workers", Integer.toString(workers), "--max-time", "240"));
        if (!Files.exists(campaign.resolve("campaign.json"))) {
            args.addAll(List.of("--seeds", seeds.toString(), "--executor", executor.toString(),
                    "--scratch", root.resolve("scratch").toString()));
            if (store != null) {
                args.addAll(List.of("--store", store));
            }
            if (!List.of(extra).contains("--time-limit")) {
                args.addAll(List.of("--time-limit", "20000"));
            }
        }
        args.addAll(List.of(extra));
        return args;
    }

    List<String> resumeArguments(String... extra) {
        List<String> args = new ArrayList<>(List.of("resume", campaign.toString(), "--max-time", "240"));
        args.addAll(List.of(extra));
        return args;
    }

    private static Run execute(List<String> args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        long started = System.nanoTime();
        int exitCode = FrontierCommand.newCommandLine(new PrintWriter(out, true), new PrintWriter(err, true))
                .execute(args.toArray(String[]::new));
        return new Run(exitCode, err.toString(), (System.nanoTime() - started) / 1_000_000);
    }

    private static Executor daemonThread() {
        return task -> {
            Thread thread = new Thread(task, "campaign-job");
            thread.setDaemon(true);
            thread.start();
        };
    }

    record Run(int exitCode, String err, long millis) {
    }

    /** Names of the public corpus. */
    List<String> corpusObjects() throws IOException {
        try (Stream<Path> entries = Files.list(campaign.resolve("corpus"))) {
            return entries.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** Stage trees left in the campaign directory. */
    List<String> stageDirectories() throws IOException {
        try (Stream<Path> entries = Files.list(campaign)) {
            return entries.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".stage-")).toList();
        }
    }

    /** The summary root wrote for {@code epoch}. */
    JsonNode summary(long epoch) throws IOException {
        return new ObjectMapper().readTree(campaign.resolve("reports").resolve("summary-epoch-" + epoch + ".json").toFile());
    }

    <T> T store(Function<CampaignStore, T> query) {
        try (KeyValueStore kv = KeyValueStores.open(storeUrl())) {
            return query.apply(new CampaignStore(kv, keys()));
        }
    }

    String storeUrl() {
        return store != null ? store : "sqlite:" + campaign.resolve("store.db");
    }

    /** The campaign's keys: a campaign's name in the store is its directory's. */
    CampaignKeys keys() {
        return CampaignKeys.forCampaign(campaign.getFileName().toString());
    }

    Counts counts() {
        return store(CampaignStore::counts);
    }

    /** Everything the store holds, in one snapshot. */
    CampaignLedger ledger() {
        try (KeyValueStore kv = KeyValueStores.open(storeUrl())) {
            return CampaignLedger.read(kv, keys());
        }
    }

    JobHeartbeat heartbeat() {
        return store(CampaignStore::heartbeat);
    }

    /** How the job of the current epoch looks from here, now. */
    JobLiveness liveness() {
        return store(store -> JobLiveness.judge(store.epoch(), store.heartbeat(), System.currentTimeMillis() / 1000.0));
    }

    /** Waits until the job of the current epoch is no longer possibly alive (ended or silent). */
    void awaitPresumedDead(Duration timeout) throws InterruptedException {
        await("the previous job to be presumed dead", timeout,
                () -> !(liveness() instanceof JobLiveness.MaybeAlive));
    }

    /**
     * Polls {@code condition} every 20 ms until it holds; fails after {@code timeout}, with the
     * last error the condition raised, if any.
     */
    void await(String what, Duration timeout, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        RuntimeException lastError = null;
        while (true) {
            boolean holds;
            try {
                holds = condition.getAsBoolean();
            } catch (RuntimeException notYet) {
                // The campaign or its store is created by the job itself; keep polling.
                holds = false;
                lastError = notYet;
            }
            if (holds) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + timeout + " waiting for " + what
                        + (lastError == null ? "" : "; the last check failed with " + lastError), lastError);
            }
            Thread.sleep(20);
        }
    }

    WorkRecord work(Digest id) {
        return store(store -> store.work(id));
    }
}
