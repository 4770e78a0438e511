package io.frontier.store.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.frontier.store.benchmark.BenchmarkRun;
import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.campaign.ClaimResult;
import io.frontier.store.campaign.CommitRequest;
import io.frontier.store.campaign.Commitment;
import io.frontier.store.campaign.ItemResult;
import io.frontier.store.campaign.Lease;
import io.frontier.store.campaign.Promotion;
import io.frontier.store.keyspace.Buckets;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.KeyRange;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.KeyValueStores;
import io.frontier.store.kv.StoreException;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.record.CampaignConfig;
import io.frontier.store.record.Owner;
import io.frontier.store.record.ResultId;
import io.frontier.store.corpus.Digest;
import io.frontier.store.record.WorkPayload;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.wire.Execution;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * Items per second through the whole lifecycle of the campaign store: admit, claim, commit
 * decision with three children, promotion marks, completion. Each coordinator works in batches
 * of {@link #BATCH} items, one transaction per step, so a batch costs five commits.
 *
 * <p>Runs, each in fresh coordinator JVMs: 1, 2, 4 and 8 coordinator processes on one store, on
 * SQLite with durable commits ({@code synchronous=FULL}, WAL) and, where {@code FDB_CLUSTER_FILE}
 * names a cluster the client can use, on FoundationDB; then one coordinator on an SQLite store
 * preloaded with 10 thousand and with 1 million records. Where {@code strace} exists, SQLite's
 * coordinators run under {@code strace -f --seccomp-bpf -c -e trace=fsync,fdatasync} (the filter
 * stops only those calls, so the JVM runs at full speed) and the fsync count is divided by the
 * items the coordinators finished in their whole life. On FoundationDB each run uses a campaign
 * of its own, {@code bench-<random>}, cleared afterwards.
 *
 * <p>Argument: the output directory; results are printed and written to
 * {@code store-lifecycle.json} there. The SQLite files are left in {@code <dir>/stores}.
 */
public final class StoreLifecycleBench {

    static final int BATCH = 48;
    private static final int CHILDREN = 3;
    private static final double TTL = 300.0;
    private static final double WARMUP_SECONDS = 2.0;
    private static final double MEASURE_SECONDS = 6.0;
    private static final String CAMPAIGN = "bench";
    private static final int[] COORDINATORS = {1, 2, 4, 8};

    private StoreLifecycleBench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("--coordinator")) {
            coordinator(args[1], args[2], Integer.parseInt(args[3]), Integer.parseInt(args[4]));
            return;
        }
        Path out = Files.createDirectories(Path.of(args[0]));
        Path stores = Files.createDirectories(out.resolve("stores"));
        boolean strace = straceAvailable();
        Map<String, Object> results = new LinkedHashMap<>();
        results.put("batch", BATCH);
        results.put("childrenPerItem", CHILDREN);
        results.put("warmupSeconds", WARMUP_SECONDS);
        results.put("measureSeconds", MEASURE_SECONDS);
        results.put("fsyncCountedBy", strace ? "strace -f --seccomp-bpf -c -e trace=fsync,fdatasync" : "unavailable");
        List<Map<String, Object>> scaling = new ArrayList<>();
        for (int coordinators : COORDINATORS) {
            Path store = fresh(stores.resolve("scale-" + coordinators + ".db"));
            String url = "sqlite:" + store;
            preload(url, CAMPAIGN, 2_000);
            scaling.add(run("sqlite", url, CAMPAIGN, coordinators, strace, out));
        }
        String cluster = System.getenv("FDB_CLUSTER_FILE");
        String skipped = cluster == null ? "FDB_CLUSTER_FILE is not set" : unusable("fdb:" + cluster);
        if (skipped == null) {
            String url = "fdb:" + Path.of(cluster).toAbsolutePath();
            for (int coordinators : COORDINATORS) {
                String campaign = "bench-" + UUID.randomUUID().toString().substring(0, 8);
                try {
                    preload(url, campaign, 2_000);
                    scaling.add(run("fdb", url, campaign, coordinators, false, out));
                } finally {
                    clear(url, campaign);
                }
            }
        } else {
            System.out.println("FoundationDB skipped: " + skipped);
            results.put("foundationDbSkipped", skipped);
        }
        results.put("scaling", scaling);
        List<Map<String, Object>> sizes = new ArrayList<>();
        for (int records : new int[] {10_000, 1_000_000}) {
            Path store = fresh(stores.resolve("size-" + records + ".db"));
            long started = System.nanoTime();
            preload("sqlite:" + store, CAMPAIGN, records);
            System.out.printf("preloaded %,d records in %.1f s%n", records, (System.nanoTime() - started) / 1e9);
            Map<String, Object> run = run("sqlite", "sqlite:" + store, CAMPAIGN, 1, false, out);
            run.put("storedRecords", records);
            sizes.add(run);
        }
        results.put("storeSize", sizes);
        double small = (double) sizes.get(0).get("microsPerItem");
        double large = (double) sizes.get(1).get("microsPerItem");
        results.put("costRatio1MTo10k", large / small);
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        json.writeValue(out.resolve("store-lifecycle.json").toFile(), results);
        System.out.println(json.writeValueAsString(results));
        BenchmarkRun.now("store-lifecycle", figures(scaling, sizes, large / small)).record();
    }

    /** The figures the benchmark pages show, named with their units. */
    private static Map<String, Object> figures(List<Map<String, Object>> scaling, List<Map<String, Object>> sizes,
            double costRatio) {
        Map<String, Object> figures = new LinkedHashMap<>();
        for (Map<String, Object> run : scaling) {
            String label = run.get("backend").equals("fdb") ? "FoundationDB" : "SQLite";
            int coordinators = (int) run.get("coordinators");
            figures.put("items/s, " + label + ", " + coordinators + " coordinator process" + (coordinators == 1 ? "" : "es"),
                    run.get("itemsPerSecond"));
            if (run.containsKey("fsyncsPerItem")) {
                figures.put("fsyncs per item, " + label + ", " + coordinators + " coordinator process"
                        + (coordinators == 1 ? "" : "es"), run.get("fsyncsPerItem"));
            }
        }
        for (Map<String, Object> run : sizes) {
            figures.put("us per item, SQLite, " + run.get("storedRecords") + " records stored", run.get("microsPerItem"));
        }
        figures.put("cost ratio, 1M to 10k records stored (target <= 1.5)", costRatio);
        return figures;
    }

    private static Path fresh(Path store) throws IOException {
        for (String suffix : List.of("", "-wal", "-shm")) {
            Files.deleteIfExists(Path.of(store + suffix));
        }
        return store;
    }

    /** Why the store {@code url} names cannot be used, or null if it can. */
    private static String unusable(String url) {
        try (KeyValueStore kv = KeyValueStores.open(url)) {
            kv.read(tx -> tx.get(new byte[] {0}));
            return null;
        } catch (StoreException e) {
            return e.getMessage() + " " + e.context();
        }
    }

    /** Removes every key of {@code campaign} from the store {@code url} names. */
    private static void clear(String url, String campaign) {
        KeyRange all = CampaignKeys.forCampaign(campaign).all();
        try (KeyValueStore kv = KeyValueStores.open(url)) {
            kv.run(tx -> {
                tx.clearRange(all.begin(), all.end());
                return null;
            });
        }
    }

    /** Creates {@code campaign} and admits {@code records} seeds in batches. */
    private static void preload(String url, String campaign, int records) {
        try (KeyValueStore kv = KeyValueStores.open(url)) {
            CampaignStore store = new CampaignStore(kv, CampaignKeys.forCampaign(campaign));
            store.init(CampaignConfig.of(campaign, 64, 3), "bench", now());
            List<WorkPayload> batch = new ArrayList<>();
            for (int i = 0; i < records; i++) {
                batch.add(new WorkPayload(digest("preload-" + i), 100));
                if (batch.size() == CampaignStore.MAX_BATCH || i == records - 1) {
                    store.admit(1, batch).forEach(ItemResult::orThrow);
                    batch.clear();
                }
            }
        }
    }

    /** Runs {@code coordinators} coordinator JVMs on the store {@code url} names and sums what they report. */
    private static Map<String, Object> run(String backend, String url, String campaign, int coordinators,
            boolean strace, Path out) throws Exception {
        List<Process> processes = new ArrayList<>();
        List<Path> traces = new ArrayList<>();
        String label = backend + "-" + coordinators;
        for (int rank = 0; rank < coordinators; rank++) {
            List<String> command = new ArrayList<>();
            Path trace = out.resolve("strace-" + label + "-" + rank + ".txt");
            if (strace) {
                command.addAll(List.of("strace", "-f", "--seccomp-bpf", "-c", "-e", "trace=fsync,fdatasync", "-o",
                        trace.toString()));
                traces.add(trace);
            }
            command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), StoreLifecycleBench.class.getName(),
                    "--coordinator", url, campaign, String.valueOf(rank), String.valueOf(coordinators)));
            processes.add(new ProcessBuilder(command).redirectErrorStream(true).start());
        }
        long measured = 0;
        long total = 0;
        double seconds = 0;
        for (Process process : processes) {
            String output = new String(process.getInputStream().readAllBytes());
            if (!process.waitFor(5, TimeUnit.MINUTES) || process.exitValue() != 0) {
                throw new IllegalStateException("coordinator failed: " + output);
            }
            Map<String, String> fields = parse(output);
            measured += Long.parseLong(fields.get("measured"));
            total += Long.parseLong(fields.get("total"));
            seconds = Math.max(seconds, Double.parseDouble(fields.get("seconds")));
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("backend", backend);
        result.put("coordinators", coordinators);
        result.put("itemsPerSecond", measured / seconds);
        result.put("microsPerItem", seconds * 1e6 / measured);
        result.put("itemsFinished", total);
        if (strace) {
            long fsyncs = 0;
            for (Path trace : traces) {
                fsyncs += fsyncCalls(trace);
            }
            result.put("fsyncs", fsyncs);
            result.put("fsyncsPerItem", (double) fsyncs / total);
        }
        System.out.printf("%s: %d coordinator(s): %.0f items/s, %.1f us/item%s%n", url, coordinators,
                measured / seconds, seconds * 1e6 / measured,
                strace ? String.format(", %.3f fsyncs/item", (double) result.get("fsyncsPerItem")) : "");
        return result;
    }

    private static Map<String, String> parse(String output) {
        for (String line : output.split("\n")) {
            if (line.startsWith("RESULT ")) {
                Map<String, String> fields = new LinkedHashMap<>();
                for (String field : line.substring(7).trim().split(" ")) {
                    String[] pair = field.split("=", 2);
                    fields.put(pair[0], pair[1]);
                }
                return fields;
            }
        }
        throw new IllegalStateException("coordinator printed no result: " + output);
    }

    /** The calls column of the fsync and fdatasync rows of an {@code strace -c} summary. */
    private static long fsyncCalls(Path trace) throws IOException {
        long calls = 0;
        for (String line : Files.readAllLines(trace)) {
            String[] columns = line.trim().split("\\s+");
            String syscall = columns[columns.length - 1];
            if (syscall.equals("fsync") || syscall.equals("fdatasync")) {
                calls += Long.parseLong(columns[3]);
            }
        }
        return calls;
    }

    private static boolean straceAvailable() {
        try {
            Process probe = new ProcessBuilder("strace", "-f", "--seccomp-bpf", "-c", "-e", "trace=fsync",
                    "-o", "/dev/null", "true").redirectErrorStream(true).start();
            probe.getInputStream().readAllBytes();
            return probe.waitFor(30, TimeUnit.SECONDS) && probe.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** One coordinator: batches through the lifecycle until warm-up and measurement are over. */
    private static void coordinator(String url, String campaign, int rank, int coordinators) throws Exception {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < coordinators; i++) {
            names.add("bench-" + i);
        }
        Owner owner = Owner.of(names.get(rank));
        try (KeyValueStore kv = KeyValueStores.open(url)) {
            CampaignStore store = new CampaignStore(kv, CampaignKeys.forCampaign(campaign));
            Set<Integer> buckets = Buckets.ownedBy(owner.name(), names, store.config().buckets());
            String prefix = ProcessHandle.current().pid() + "-" + rank + "-";
            long total = 0;
            long measured = 0;
            long seeds = 0;
            long start = System.nanoTime();
            long measureFrom = start + (long) (WARMUP_SECONDS * 1e9);
            long end = measureFrom + (long) (MEASURE_SECONDS * 1e9);
            long lastEnded = measureFrom;
            // A batch counts if it ended after the warm-up; the time runs from the warm-up's end to
            // the last batch's end, so a process whose first batch outlasts the warm-up is measured too.
            while (System.nanoTime() < end) {
                List<WorkPayload> admitted = new ArrayList<>();
                for (int i = 0; i < BATCH; i++) {
                    admitted.add(new WorkPayload(digest("seed-" + prefix + seeds++), 100));
                }
                store.admit(1, admitted).forEach(ItemResult::orThrow);
                int finished = cycle(store, owner, buckets);
                total += finished;
                long ended = System.nanoTime();
                if (ended > measureFrom) {
                    measured += finished;
                    lastEnded = ended;
                }
            }
            double seconds = (lastEnded - measureFrom) / 1e9;
            System.out.printf("RESULT measured=%d total=%d seconds=%.3f%n", measured, total, seconds);
        }
    }

    /** Claim, commit, promote and complete one batch; returns how many items finished. */
    private static int cycle(CampaignStore store, Owner owner, Set<Integer> buckets) {
        ClaimResult claim = store.claim(1, owner, buckets, BATCH, now(), TTL);
        if (claim.granted().isEmpty()) {
            return 0;
        }
        List<CommitRequest> requests = new ArrayList<>();
        for (WorkRecord record : claim.granted()) {
            List<DeclaredChild> children = new ArrayList<>();
            for (int i = 0; i < CHILDREN; i++) {
                children.add(DeclaredChild.untriaged(digest(record.id() + "/" + i), 100));
            }
            ResultId result = ResultId.random();
            Lease lease = new Lease(record.id(), record.token());
            requests.add(new CommitRequest(lease, result, "stage/" + result, children, new Execution("command", "ok", 0, false, 10, false), null));
        }
        store.beginCommits(1, requests, now()).forEach(ItemResult::orThrow);
        List<Promotion> marks = new ArrayList<>();
        List<Commitment> commitments = new ArrayList<>();
        for (CommitRequest request : requests) {
            for (int i = 0; i < CHILDREN; i++) {
                marks.add(new Promotion(request.lease().work(), request.result(), i));
            }
            commitments.add(new Commitment(request.lease().work(), request.result()));
        }
        store.markPromoted(1, marks).forEach(ItemResult::orThrow);
        store.complete(1, commitments, now()).forEach(ItemResult::orThrow);
        return commitments.size();
    }

    private static double now() {
        return System.currentTimeMillis() / 1000.0;
    }

    private static Digest digest(String name) {
        try {
            return Digest.of(MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
