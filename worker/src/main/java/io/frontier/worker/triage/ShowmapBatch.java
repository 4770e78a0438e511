package io.frontier.worker.triage;

import io.frontier.store.error.IoReason;
import io.frontier.store.corpus.fs.FileTrees;
import io.frontier.store.coverage.Coverage;
import io.frontier.worker.executor.AflAbort;
import io.frontier.worker.executor.process.ProcessResult;
import io.frontier.worker.executor.process.ProcessRunner;
import io.frontier.worker.executor.process.ProcessSpec;
import io.frontier.worker.executor.process.Termination;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The coverage of several inputs from one {@code afl-showmap -r -i DIR -o MAPS} run: one process
 * and AFL++'s fork server for the whole batch instead of one {@code afl-showmap} process per
 * input, which on the build machine cut the triage of a SymCC run's 81 children from 7.6 s to
 * 1.5 s (both under a load average of about 20).
 *
 * <p>Folder mode writes one map per input but says whether an input crashed or hung only in its
 * own output, one {@code -- Program output begins --} block per input in directory order. So a
 * batch is trusted only when nothing happened: every input has its map, there was one block per
 * input, no block ends with a {@code +++ Program ... +++} line, and the output was kept whole.
 * Anything else (a crash, a hang, a refusal, a lost line) returns empty, and the caller probes
 * each input of the batch alone, which names the finding. Inputs are linked into the batch under
 * their index, so a map's name says whose it is. Owns its two directories; used by one thread.
 */
final class ShowmapBatch {

    /** Inputs of one batch: their output blocks (about 56 bytes each) stay well inside the kept tail. */
    static final int MAX_INPUTS = 128;

    private static final String BLOCK = "-- Program output begins --";
    private static final String EVENT = "+++ Program";

    private final Path showmap;
    private final Path program;
    private final TriageConfig config;
    private final ProcessRunner runner;
    private final Function<List<String>, ProcessSpec> spec;
    private final Path inputs;
    private final Path maps;

    /**
     * @param spec the process to run {@code afl-showmap} with the given arguments, in the probe's
     *     environment and work directory
     */
    ShowmapBatch(Path showmap, Path program, TriageConfig config, ProcessRunner runner,
                 Function<List<String>, ProcessSpec> spec, Path workDirectory) {
        this.showmap = showmap;
        this.program = program;
        this.config = config;
        this.runner = runner;
        this.spec = spec;
        this.inputs = workDirectory.resolve("batch-inputs");
        this.maps = workDirectory.resolve("batch-maps");
    }

    /**
     * The coverage of each of {@code batch} (at most {@link #MAX_INPUTS} non-empty files), in
     * order, or empty when the batch cannot be trusted and each input must be probed alone.
     *
     * @throws TriageException when {@code afl-showmap} refuses the program (its reason quoted) or
     *     the batch's files cannot be prepared or read
     */
    Optional<List<Coverage>> run(List<Path> batch) {
        if (batch.size() > MAX_INPUTS) {
            throw new IllegalArgumentException("batch of " + batch.size() + " inputs, at most " + MAX_INPUTS);
        }
        prepare(batch);
        List<String> arguments = new ArrayList<>(List.of("-r", "-i", inputs.toString(), "-o", maps.toString(),
                "-t", Long.toString(config.timeoutMillis()), "-m", "none", "--", program.toString()));
        arguments.addAll(config.arguments());
        // Every input may run to the timeout; the fork server's start comes on top.
        Duration limit = Duration.ofMillis(config.timeoutMillis()).multipliedBy(batch.size()).plus(CoverageProbe.MARGIN);
        ProcessResult result = runner.run(spec.apply(arguments), limit);
        String output = result.stdout().text();
        Optional<AflAbort> abort = AflAbort.find(output);
        if (abort.isPresent() && output.indexOf(BLOCK) < 0) {
            throw new TriageException("afl-showmap refused to run the coverage build").with("program", program)
                    .with("reason", abort.get().reason()).with("location", abort.get().location());
        }
        if (!(result.termination() instanceof Termination.Exited) || result.stdout().truncated()
                || output.contains(EVENT) || occurrences(output, BLOCK) != batch.size()) {
            return Optional.empty();
        }
        List<Coverage> coverages = new ArrayList<>(batch.size());
        for (int index = 0; index < batch.size(); index++) {
            Path map = maps.resolve(name(index));
            if (!Files.isRegularFile(map)) {
                return Optional.empty();
            }
            coverages.add(ShowmapCoverage.parse(read(map)));
        }
        return Optional.of(coverages);
    }

    private void prepare(List<Path> batch) {
        try {
            FileTrees.delete(inputs);
            FileTrees.delete(maps);
            Files.createDirectories(inputs);
            for (int index = 0; index < batch.size(); index++) {
                Path link = inputs.resolve(name(index));
                try {
                    Files.createLink(link, batch.get(index));
                } catch (IOException | UnsupportedOperationException notLinkable) {
                    Files.copy(batch.get(index), link);
                }
            }
        } catch (IOException e) {
            throw new TriageException("triage batch could not be prepared", e).with("directory", inputs)
                    .with("problem", IoReason.of(e));
        }
    }

    private List<String> read(Path map) {
        try {
            return Files.readAllLines(map);
        } catch (IOException e) {
            throw new TriageException("afl-showmap left no readable map", e).with("program", program).with("map", map)
                    .with("problem", IoReason.of(e));
        }
    }

    /** The name of the batch's {@code index}-th input and of its map: digits only, never hidden. */
    private static String name(int index) {
        return String.format("%06d", index);
    }

    private static int occurrences(String text, String part) {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length())) {
            count++;
        }
        return count;
    }
}
