package io.frontier.tools.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.corpus.Digest;
import io.frontier.store.corpus.fsck.CheckProgress;
import io.frontier.store.corpus.fsck.CorpusCheck;
import io.frontier.store.corpus.fsck.CorpusCheckReport;
import io.frontier.store.corpus.fsck.ReferenceCheck;
import io.frontier.store.corpus.fsck.ReferenceCheckReport;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.KeyValueStores;
import io.frontier.store.record.WorkPayload;
import io.frontier.store.wire.WireCodec;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.FrontierCommand;
import io.frontier.tools.campaign.CampaignDirectory;
import io.frontier.tools.campaign.CampaignSettings;
import io.frontier.worker.executor.CommandConfig;
import io.frontier.worker.executor.InputMode;
import io.frontier.worker.executor.process.ResourceLimits;
import io.frontier.worker.link.MpiJobSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a job start costs on a campaign with a long history, against an empty campaign (issue
 * 36, item 5): the time from launching {@code frontier run} or {@code frontier resume} to the
 * first execution of the job (root's first ASSIGN, plus a worker's copy of the input and the
 * start of the executor, a few milliseconds), and what today's start reads.
 *
 * <p>The history ({@link HistoryGenerator}): 10 million manifest child rows and about 1 million
 * corpus objects at {@code -Djobstart.scale=1}; the default scale, 0.01, is a smoke run. The
 * executor is a two-line shell script that appends the time it starts to a marker file, so the
 * first dispatch is read from outside without touching the ranks. Each measured job runs until
 * the campaign has two more executions ({@code --budget-executions}), 1 coordinator and 2
 * workers; the start is measured {@code -Djobstart.repeats} times (3) on each campaign after an
 * unmeasured first job, and once for the {@code frontier run} that creates the empty campaign.
 * Both campaigns have the same {@code -Djobstart.seeds} seeds (100), which root publishes again at
 * every start. The jobs run with the default {@code --corpus-audit auto}, so the empty campaign's
 * starts audit its corpus and the history's do not. The audit that grows with history is also
 * run alone, in a JVM with a rank's options, as {@code --corpus-audit full} would at every start:
 * the corpus hash of every object and the reference check of every work record and manifest entry.
 *
 * <p>Argument: the output directory; writes {@code job-start-bench.json} there. Needs about
 * 9 GB of free space at scale 1; a scale the filesystem has no room for is lowered, with a note.
 */
public final class JobStartBench {

    private static final long FULL_ROWS = 10_000_000;
    /** Bytes one manifest child row and one corpus object (file, inode, work record) take, roughly. */
    private static final long BYTES_PER_ROW = 250;
    private static final long BYTES_PER_OBJECT = 6 * 1024;
    private static final int WORKERS = 2;
    private static final ObjectMapper JSON = new ObjectMapper();

    private JobStartBench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 2 && args[0].equals("--checks")) {
            System.out.println("CHECKS " + JSON.writeValueAsString(checks(Path.of(args[1]))));
            return;
        }
        Path output = Files.createDirectories(Path.of(args[0]));
        double scale = Double.parseDouble(System.getProperty("jobstart.scale", "0.01"));
        int repeats = Integer.getInteger("jobstart.repeats", 3);
        int seedCount = Integer.getInteger("jobstart.seeds", 100);
        Path work = output.resolve("job-start");
        deleteTree(work);
        Files.createDirectories(work);
        double room = Files.getFileStore(work).getUsableSpace() / 2.0;
        double needed = scale * (FULL_ROWS * BYTES_PER_ROW + FULL_ROWS / 10 * BYTES_PER_OBJECT);
        Map<String, Object> result = new LinkedHashMap<>();
        if (needed > room) {
            double lowered = scale * room / needed;
            System.out.printf("note: scale %.3f needs about %.1f GB, and half the free space is %.1f GB: scale lowered"
                    + " to %.3f%n", scale, needed / 1e9, room / 1e9, lowered);
            result.put("scaleLoweredFrom", scale);
            scale = lowered;
        }
        long entries = Math.max(1, Math.round(scale * FULL_ROWS / HistoryGenerator.CHILDREN));
        result.put("scale", scale);
        result.put("manifestEntries", entries);
        result.put("manifestChildRows", entries * HistoryGenerator.CHILDREN);

        Path seeds = seeds(work.resolve("seeds"), seedCount);
        Path marker = work.resolve("first-runs");
        Path executor = executor(work, marker);

        Path empty = work.resolve("empty");
        long launched = System.currentTimeMillis();
        Job created = frontier(List.of("run", empty.toString(), "--seeds", seeds.toString(), "--executor",
                executor.toString(), "--tier-cap-items", "0", "--scratch", work.resolve("scratch-empty").toString(),
                "--workers", String.valueOf(WORKERS),
                "--budget-executions", "2"), marker, launched, empty);
        result.put("emptyCampaignCreatingRun", created.figures());
        System.out.printf("empty campaign, frontier run creating it: first execution %.2f s after launch, job %.2f s%n",
                created.firstRunSeconds(), created.seconds());
        result.put("emptyCampaignResumes", resumes(empty, marker, repeats, "empty"));
        result.put("emptyCampaignChecks", checksInRankJvm(empty));

        Path large = work.resolve("history");
        run(List.of("init", large.toString(), "--seeds", seeds.toString(), "--executor", executor.toString(),
                "--tier-cap-items", "0", "--scratch", work.resolve("scratch-history").toString()),
                large.resolveSibling("history-init.log"));
        long generationStarted = System.nanoTime();
        generate(large, seeds, entries);
        double generationSeconds = (System.nanoTime() - generationStarted) / 1e9;
        result.put("generationSeconds", generationSeconds);
        result.put("historyStore", storeFigures(large));
        System.out.printf("history generated in %.0f s: %s%n", generationSeconds, result.get("historyStore"));
        result.put("historyResumes", resumes(large, marker, repeats, "history"));
        result.put("historyChecks", checksInRankJvm(large));

        double emptyMedian = median(result.get("emptyCampaignResumes"));
        double historyMedian = median(result.get("historyResumes"));
        result.put("firstRunSecondsEmptyMedian", emptyMedian);
        result.put("firstRunSecondsHistoryMedian", historyMedian);
        result.put("ratio", historyMedian / emptyMedian);
        result.put("targetRatio", 2.0);
        System.out.printf("job start, launch to first execution (median of %d resumes): empty campaign %.2f s,"
                + " history of %,d child rows %.2f s: ratio %.2f (target <= 2, leaving out a full corpus hash);"
                + " load %s%n", repeats, emptyMedian, entries * HistoryGenerator.CHILDREN, historyMedian,
                historyMedian / emptyMedian, loadAverage());
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .writeValue(output.resolve("job-start-bench.json").toFile(), result);
    }

    /** One launched job: when it started its first execution and how long it took, with its summary. */
    private record Job(double firstRunSeconds, double seconds, double campaignSeconds, String load) {

        Map<String, Object> figures() {
            Map<String, Object> figures = new LinkedHashMap<>();
            figures.put("firstRunSeconds", firstRunSeconds);
            figures.put("jobSeconds", seconds);
            figures.put("campaignSeconds", campaignSeconds);
            figures.put("loadAverage", load);
            return figures;
        }
    }

    private static List<Map<String, Object>> resumes(Path campaign, Path marker, int repeats, String name)
            throws Exception {
        List<Map<String, Object>> runs = new ArrayList<>();
        resume(campaign, marker, name + " first job (not measured)");
        for (int i = 0; i < repeats; i++) {
            runs.add(resume(campaign, marker, name + " resume " + (i + 1)).figures());
        }
        return runs;
    }

    /** {@code frontier resume} until the campaign has two more executions; prints and returns its times. */
    private static Job resume(Path campaign, Path marker, String name) throws Exception {
        long before = executions(campaign);
        long launched = System.currentTimeMillis();
        Job job = frontier(List.of("resume", campaign.toString(), "--workers", String.valueOf(WORKERS),
                "--budget-executions", String.valueOf(before + 2)), marker, launched, campaign);
        System.out.printf("%s: first execution %.2f s after launch; job %.2f s (root's loop %.2f s); load %s%n", name,
                job.firstRunSeconds(), job.seconds(), job.campaignSeconds(), job.load());
        return job;
    }

    /** Runs one frontier command as a process and times its first execution from the marker. */
    private static Job frontier(List<String> arguments, Path marker, long launchedMillis, Path campaign)
            throws Exception {
        long markedBefore = Files.exists(marker) ? Files.readAllLines(marker).size() : 0;
        Path log = campaign.resolveSibling(campaign.getFileName() + "-" + arguments.get(0) + ".log");
        long started = System.nanoTime();
        run(arguments, log);
        double seconds = (System.nanoTime() - started) / 1e9;
        List<String> marks = Files.readAllLines(marker);
        if (marks.size() <= markedBefore) {
            throw new IllegalStateException("the job ran nothing; see " + log);
        }
        // Workers append concurrently, so the earliest start is the smallest of the job's lines.
        long firstNanos = marks.subList((int) markedBefore, marks.size()).stream()
                .mapToLong(mark -> Long.parseLong(mark.trim())).min().orElseThrow();
        double firstRun = (firstNanos / 1e6 - launchedMillis) / 1000.0;
        return new Job(firstRun, seconds, campaignSeconds(campaign), loadAverage());
    }

    private static void run(List<String> arguments, Path log) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), FrontierCommand.class.getName()));
        command.addAll(arguments);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        int exit = process.waitFor();
        // 75: a job stopped at its budget, as the measured resumes are.
        if (exit != ExitCodes.OK && exit != ExitCodes.STOPPED) {
            throw new IllegalStateException("frontier " + arguments.get(0) + " exited " + exit + "; see " + log);
        }
    }

    /** Root's loop time of the latest job, from its summary. */
    private static double campaignSeconds(Path campaign) throws IOException {
        Path reports = new CampaignDirectory(campaign).reports();
        Path latest = null;
        long epoch = -1;
        try (var files = Files.list(reports)) {
            for (Path file : files.toList()) {
                String name = file.getFileName().toString();
                if (name.startsWith("summary-epoch-") && name.endsWith(".json")) {
                    long fileEpoch = Long.parseLong(name.substring("summary-epoch-".length(), name.length() - 5));
                    if (fileEpoch > epoch) {
                        epoch = fileEpoch;
                        latest = file;
                    }
                }
            }
        }
        JsonNode summary = JSON.readTree(latest.toFile());
        return summary.get("wallMillis").asLong() / 1000.0;
    }

    private static long executions(Path campaign) {
        CampaignSettings settings = new CampaignDirectory(campaign).read();
        try (KeyValueStore kv = KeyValueStores.open(settings.store())) {
            return new CampaignStore(kv, CampaignKeys.forCampaign(settings.name())).executions();
        }
    }

    /** Writes the history into the campaign {@code init} created. */
    private static void generate(Path campaign, Path seeds, long entries) throws IOException {
        CampaignDirectory directory = new CampaignDirectory(campaign);
        CampaignSettings settings = directory.read();
        try (KeyValueStore kv = KeyValueStores.open(settings.store())) {
            CampaignStore store = new CampaignStore(kv, CampaignKeys.forCampaign(settings.name()),
                    settings.worker().executorKinds());
            HistoryGenerator generator = new HistoryGenerator(store, directory.layout(), store.epoch().epoch(),
                    settings.worker().executorKinds().get(0));
            List<WorkPayload> admitted = new ArrayList<>();
            try (var files = Files.list(seeds)) {
                for (Path file : files.sorted().toList()) {
                    byte[] bytes = Files.readAllBytes(file);
                    Digest digest = ContentHasher.hash(bytes).digest();
                    Files.write(directory.layout().corpus().resolve(digest.hex()), bytes);
                    admitted.add(new WorkPayload(digest, bytes.length));
                }
            }
            generator.admit(admitted);
            generator.execute(entries);
        }
    }

    /** What the store and corpus hold: a line for the report. */
    private static Map<String, Object> storeFigures(Path campaign) throws IOException {
        CampaignSettings settings = new CampaignDirectory(campaign).read();
        Map<String, Object> figures = new LinkedHashMap<>();
        try (KeyValueStore kv = KeyValueStores.open(settings.store())) {
            CampaignStore store = new CampaignStore(kv, CampaignKeys.forCampaign(settings.name()));
            figures.put("executions", store.executions());
            figures.put("counts", store.counts().toString());
        }
        try (var files = Files.list(new CampaignDirectory(campaign).layout().corpus())) {
            figures.put("corpusObjects", files.count());
        }
        Path database = campaign.resolve("campaign.db");
        if (Files.exists(database)) {
            figures.put("storeFileBytes", Files.size(database));
        }
        return figures;
    }

    /** The start's checks that grow with history, each alone, in a JVM with a rank's options. */
    private static JsonNode checksInRankJvm(Path campaign) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(MpiJobSpec.RANK_JVM_OPTIONS);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), JobStartBench.class.getName(), "--checks",
                campaign.toString()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.waitFor() != 0) {
            throw new IllegalStateException("the start's checks failed: " + output);
        }
        String line = output.lines().filter(text -> text.startsWith("CHECKS ")).findFirst()
                .orElseThrow(() -> new IllegalStateException("the start's checks printed nothing: " + output));
        JsonNode checks = JSON.readTree(line.substring("CHECKS ".length()));
        System.out.printf("  %s: corpus hash of %d objects (%.1f MB) %.2f s; reference check of %d work records and %d"
                        + " manifest entries %.2f s%n", campaign.getFileName(), checks.get("objectsHashed").asLong(),
                checks.get("bytesHashed").asLong() / 1e6, checks.get("corpusHashSeconds").asDouble(),
                checks.get("workRecordsRead").asLong(), checks.get("manifestEntriesRead").asLong(),
                checks.get("referenceCheckSeconds").asDouble());
        return checks;
    }

    /** Runs the corpus audit's two checks on {@code campaign} and times each. */
    private static Map<String, Object> checks(Path campaign) {
        CampaignDirectory directory = new CampaignDirectory(campaign);
        CampaignSettings settings = directory.read();
        Map<String, Object> checks = new LinkedHashMap<>();
        long started = System.nanoTime();
        CorpusCheckReport corpus = new CorpusCheck(directory.layout().corpus()).run(CheckProgress.NONE);
        double hashSeconds = (System.nanoTime() - started) / 1e9;
        checks.put("objectsHashed", corpus.objectsVerified());
        checks.put("bytesHashed", corpus.bytesHashed());
        checks.put("corpusHashSeconds", hashSeconds);
        checks.put("corpusHashSecondsPerGiB", corpus.bytesHashed() == 0 ? null
                : hashSeconds / (corpus.bytesHashed() / (double) (1L << 30)));
        try (KeyValueStore kv = KeyValueStores.open(settings.store())) {
            started = System.nanoTime();
            ReferenceCheckReport references = new ReferenceCheck(directory.layout().corpus(), kv,
                    CampaignKeys.forCampaign(settings.name()), ReferenceCheck.Progress.NONE).run();
            checks.put("referenceCheckSeconds", (System.nanoTime() - started) / 1e9);
            checks.put("workRecordsRead", references.workRecords());
            checks.put("manifestEntriesRead", references.manifestEntries());
            checks.put("objectsLookedUp", references.objectsRequired());
        }
        return checks;
    }

    /**
     * The marker executor: a shell script that appends its start time, in nanoseconds, to
     * {@code marker}, and writes nothing into its output directory.
     */
    private static Path executor(Path work, Path marker) throws IOException {
        Path script = work.resolve("first-run-marker.sh");
        Files.writeString(script, "#!/bin/sh\ndate +%s%N >> \"$1\"\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        CommandConfig command = new CommandConfig(List.of(script.toString(), marker.toString(), "{output_dir}", "{input}"),
                InputMode.FILE, Map.of(), ResourceLimits.NONE);
        return Files.write(work.resolve("executor.json"), WireCodec.encode(command));
    }

    private static Path seeds(Path directory, int count) throws IOException {
        Files.createDirectories(directory);
        for (int i = 0; i < count; i++) {
            Files.write(directory.resolve("seed-" + i), ("job start seed " + i + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return directory;
    }

    private static double median(Object runs) {
        List<Double> values = new ArrayList<>();
        for (Object run : (List<?>) runs) {
            values.add(((Number) ((Map<?, ?>) run).get("firstRunSeconds")).doubleValue());
        }
        values.sort(Double::compare);
        int middle = values.size() / 2;
        return values.size() % 2 == 1 ? values.get(middle) : (values.get(middle - 1) + values.get(middle)) / 2;
    }

    private static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
            return fields[0] + " " + fields[1] + " " + fields[2];
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (var paths = Files.walk(root)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
