package io.frontier.tools.campaign;

import io.frontier.store.error.IoReason;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.frontier.coordinator.termination.Outcome;
import io.frontier.store.error.FrontierException;
import io.frontier.store.record.StrictJson;
import io.frontier.store.wire.ShutdownAck;
import io.frontier.store.wire.Stats;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The summary of one job, written by root as {@code reports/summary-epoch-<epoch>.json}: how the
 * job ended, every coordinator's figures and every worker's, and their totals. A summary is never
 * overwritten: should that file exist already (a store restored from an older copy runs an epoch
 * again), the job's summary is {@code summary-epoch-<epoch>-<n>.json}, with the first {@code n}
 * from 2 that is free.
 *
 * @param wallMillis root's time from the start of its loop (before replay) to the end of the job
 * @param busy the workers' busy fractions, from their figures; null in a summary written before
 *        Frontier recorded them
 * @param totals sums over all coordinators of their counts (executions, children, invalid
 *        results, quarantined workers, idle time…)
 * @param writtenOff the workers a coordinator wrote off during the job, by rank, each with why
 *        (which assignment was overdue); empty in a summary written before Frontier wrote
 *        workers off
 */
public record JobSummary(long epoch, long wallMillis, String ending, int exitCode, String reason, List<String> failures,
                         Map<Integer, Map<String, Long>> coordinators, Map<Integer, Map<String, Long>> workers,
                         WorkersBusy busy, List<Integer> missingWorkers, List<Integer> unanswered,
                         Map<String, Long> totals, Map<Integer, String> writtenOff) {

    private static final ObjectMapper MAPPER = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private static final String PREFIX = "summary-epoch-";
    private static final String BUSY = "busy";
    private static final String WRITTEN_OFF = "writtenOff";
    private static final String SUFFIX = ".json";

    /** A summary and the file it was written to. */
    public record Written(JobSummary summary, Path file) {
    }

    /** Builds the summary from root's outcome and writes it into a new file; returns both. */
    public static Written write(CampaignDirectory directory, long epoch, long wallMillis, Outcome outcome,
                                Map<String, Long> rootCounts) {
        Map<Integer, Map<String, Long>> coordinators = new TreeMap<>();
        Map<Integer, Map<String, Long>> workers = new TreeMap<>();
        List<Integer> missing = new java.util.ArrayList<>();
        Map<Integer, String> writtenOff = new TreeMap<>();
        for (Map.Entry<Integer, Stats> entry : outcome.coordinatorStats().entrySet()) {
            coordinators.put(entry.getKey(), entry.getValue().figures());
            for (ShutdownAck ack : entry.getValue().workers()) {
                workers.put(ack.worker(), ack.figures());
            }
            missing.addAll(entry.getValue().missingWorkers());
            writtenOff.putAll(entry.getValue().writtenOff());
        }
        coordinators.putIfAbsent(0, rootCounts);
        Map<String, Long> totals = new TreeMap<>();
        coordinators.values().forEach(counts -> counts.forEach((name, value) -> totals.merge(name, value, Long::sum)));
        JobSummary summary = new JobSummary(epoch, wallMillis, outcome.ending().name(), outcome.exitCode(), outcome.reason(),
                outcome.failures(), coordinators, workers, WorkersBusy.of(workers), missing, outcome.unanswered(), totals,
                writtenOff);
        Path file = file(directory, epoch);
        try {
            Files.createDirectories(file.getParent());
            byte[] bytes = MAPPER.writeValueAsBytes(summary);
            for (int copy = 2; ; copy++) {
                try {
                    Files.write(file, bytes, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                    return new Written(summary, file);
                } catch (FileAlreadyExistsException taken) {
                    file = directory.reports().resolve(PREFIX + epoch + "-" + copy + SUFFIX);
                }
            }
        } catch (IOException e) {
            throw new FrontierException("job summary cannot be written", e).with("file", file)
                    .with("problem", IoReason.of(e));
        }
    }

    /** Where root writes the summary of the job of {@code epoch}, unless an earlier job's is there. */
    public static Path file(CampaignDirectory directory, long epoch) {
        return directory.reports().resolve(PREFIX + epoch + SUFFIX);
    }

    /** The summary of the latest job of {@code epoch} (of several only with a restored store), if any. */
    public static Optional<Path> latestOf(CampaignDirectory directory, long epoch) {
        return all(directory).stream().filter(file -> epochOf(file).orElse(-1) == epoch)
                .reduce((earlier, later) -> later);
    }

    /** The summary file of the latest job in {@code reports/}, if any job left one. */
    public static Optional<Path> latest(CampaignDirectory directory) {
        List<Path> all = all(directory);
        return all.isEmpty() ? Optional.empty() : Optional.of(all.get(all.size() - 1));
    }

    /** Every summary file in {@code reports/}, by epoch and then by copy; none if the directory is missing. */
    public static List<Path> all(CampaignDirectory directory) {
        if (!Files.isDirectory(directory.reports())) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(directory.reports())) {
            return files.filter(file -> epochOf(file).isPresent())
                    .sorted(Comparator.comparingLong((Path file) -> epochOf(file).getAsLong())
                            .thenComparingLong(JobSummary::copyOf)).toList();
        } catch (IOException e) {
            throw new FrontierException("job summaries cannot be listed", e).with("directory", directory.reports());
        }
    }

    /**
     * Reads a summary strictly, or fails naming the file. A summary written before Frontier
     * recorded the workers' busy fractions reads with {@code busy} null, and one written before
     * Frontier wrote workers off with {@code writtenOff} empty.
     */
    public static JobSummary read(Path file) {
        try {
            JsonNode tree = StrictJson.mapper().readTree(file.toFile());
            if (tree instanceof ObjectNode fields && !fields.has(BUSY)) {
                fields.putNull(BUSY);
            }
            if (tree instanceof ObjectNode fields && !fields.has(WRITTEN_OFF)) {
                fields.putObject(WRITTEN_OFF);
            }
            return StrictJson.mapper().treeToValue(tree, JobSummary.class);
        } catch (IOException e) {
            throw new FrontierException("job summary cannot be read", e).with("file", file)
                    .with("problem", e.getMessage().lines().findFirst().orElse(""));
        }
    }

    /** The epoch a summary file's name gives ({@code summary-epoch-<epoch>[-<copy>].json}), if it is one. */
    private static OptionalLong epochOf(Path file) {
        long[] parts = nameParts(file);
        return parts == null ? OptionalLong.empty() : OptionalLong.of(parts[0]);
    }

    /** Which summary of its epoch the file is: 1 for the first, 2 and up for later ones. */
    private static long copyOf(Path file) {
        long[] parts = nameParts(file);
        return parts == null ? 0 : parts[1];
    }

    private static long[] nameParts(Path file) {
        String name = file.getFileName().toString();
        if (!name.startsWith(PREFIX) || !name.endsWith(SUFFIX)) {
            return null;
        }
        String[] numbers = name.substring(PREFIX.length(), name.length() - SUFFIX.length()).split("-", -1);
        try {
            long epoch = Long.parseLong(numbers[0]);
            long copy = numbers.length == 1 ? 1 : numbers.length == 2 ? Long.parseLong(numbers[1]) : -1;
            return copy >= 1 && (numbers.length == 1 || copy >= 2) ? new long[] {epoch, copy} : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
