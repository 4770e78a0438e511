package io.frontier.worker.rank;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.corpus.Digest;
import io.frontier.store.exploration.Tier;
import io.frontier.store.pruning.PruningMap;
import io.frontier.store.wire.Result;
import io.frontier.worker.executor.CommandConfig;
import io.frontier.worker.executor.ExecutorFactory;
import io.frontier.worker.executor.InputMode;
import io.frontier.worker.executor.process.ResourceLimits;
import io.frontier.worker.executor.testing.FileContractTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The worker's side of the SymCC pruning map, shared and per tier: one real worker rank on a thread, a
 * coordinator scripted by the test, and the file-contract target run as a command that names
 * {@code {pruning_map}}, which notes the bits set in its map and sets the bit of its input's
 * generation (0 for a seed), as SymCC sets the bits of what it solved.
 */
@Timeout(60)
class WorkerPruningTest {

    @TempDir
    Path dir;

    private LoopbackJob job;

    @AfterEach
    void stop() {
        if (job != null) {
            job.close();
        }
    }

    private Path log() {
        return dir.resolve("pruning.log");
    }

    /** The file-contract target, told to use the worker's pruning map and to log what it saw. */
    private CommandConfig mapReadingTarget() {
        List<String> command = new ArrayList<>(FileContractTarget.command(FileContractTarget.install(dir.resolve("bin")),
                List.of("--pruning-map", "{pruning_map}", "--pruning-log", log().toString())).command());
        return new CommandConfig(command, InputMode.FILE, Map.of(), ResourceLimits.NONE);
    }

    /** The bits each run found set in its map, one line per run: "B1 B2 ...". */
    private List<String> seenByRuns() throws IOException {
        return Files.readAllLines(log()).stream().map(line -> line.substring(line.indexOf("seen:") + 5).strip()).toList();
    }

    private static PruningMap withBits(int... bits) {
        byte[] file = new byte[PruningMap.BYTES];
        for (int bit : bits) {
            file[bit >>> 3] |= (byte) (1 << (bit & 7));
        }
        return PruningMap.of(file);
    }

    @Test
    void aRunStartsFromTheHandedMapAndItsResultCarriesOnlyTheBitsTheRunSet() throws Exception {
        job = LoopbackJob.start(dir, mapReadingTarget());
        Digest seed = job.seed("seed\n");

        Result result = job.awaitResultFor(job.assign(seed, withBits(5, 70_000)));

        assertThat(seenByRuns()).containsExactly("5 70000");
        assertThat(result.pruningMap()).isEqualTo(withBits(0));
    }

    @Test
    void aRunKeepsWhatThisWorkersEarlierRunsSetAndSendsNothingWhenItAddsNothing() throws Exception {
        job = LoopbackJob.start(dir, mapReadingTarget());
        Digest seed = job.seed("seed\n");
        job.awaitResultFor(job.assign(seed, withBits(5)));

        // Handed a map that lacks bit 0, as an ASSIGN sent before the first RESULT arrived is.
        Result second = job.awaitResultFor(job.assign(seed, withBits(7)));

        assertThat(seenByRuns()).containsExactly("5", "0 5 7");
        assertThat(second.pruningMap()).as("the run set bit 0, which its map held already").isNull();
    }

    @Test
    void withoutAHandedMapTheWorkerKeepsItsOwnMapAndSendsNoBits() throws Exception {
        job = LoopbackJob.start(dir, mapReadingTarget());
        Digest seed = job.seed("seed\n");

        Result first = job.awaitResultFor(job.assign(seed));
        Result second = job.awaitResultFor(job.assign(job.seed("frontier-child 3 0\nseed\n")));

        assertThat(seenByRuns()).containsExactly("", "0");
        assertThat(first.pruningMap()).isNull();
        assertThat(second.pruningMap()).isNull();
        assertThat(job.workerScratch().resolve(ExecutorFactory.pruningMapFile("command"))).exists();
    }

    @Test
    void aLowerTierRunStartsFromTheTierZeroMapAndEarlierLowerTierBitsAndWhatItSetsNeverReachesATierZeroRun()
            throws Exception {
        job = LoopbackJob.start(dir, mapReadingTarget());
        job.awaitResultFor(job.assign(job.seed("seed\n")));
        Result redundant = job.awaitResultFor(job.assign(job.seed("frontier-child 3 0\nseed\n"), Tier.REDUNDANT, null));
        job.awaitResultFor(job.assign(job.seed("frontier-child 5 0\nseed\n")));
        job.awaitResultFor(job.assign(job.seed("frontier-child 7 0\nseed\n"), Tier.RETRY, null));
        job.awaitResultFor(job.assign(job.seed("seed\n")));

        assertThat(seenByRuns()).containsExactly("", "0", "0", "0 3 5", "0 5");
        assertThat(redundant.pruningMap()).isNull();
    }

    @Test
    void aRunOfARepeatRoundStartsFromAnEmptyMapAndTheWorkersTierZeroMapKeepsItsBitsAndNoneOfTheRuns()
            throws Exception {
        job = LoopbackJob.start(dir, mapReadingTarget());
        job.awaitResultFor(job.assign(job.seed("seed\n")));

        Result repeat = job.awaitResultFor(job.assign(job.seed("frontier-child 3 0\nseed\n"), Tier.REPEAT, null));
        job.awaitResultFor(job.assign(job.seed("frontier-child 5 0\nseed\n"), Tier.REDUNDANT, null));
        job.awaitResultFor(job.assign(job.seed("seed\n")));

        assertThat(seenByRuns()).as("the redundant run sees the repeat's bit, the tier-0 run neither")
                .containsExactly("", "", "0 3", "0");
        assertThat(repeat.pruningMap()).isNull();
    }

    @Test
    void aLowerTierRunSendsNoBitsSoTheSharedMapHoldsOnlyWhatTierZeroRunsSaw() throws Exception {
        job = LoopbackJob.start(dir, mapReadingTarget());
        Result first = job.awaitResultFor(job.assign(job.seed("frontier-child 3 0\nseed\n"), withBits(5)));

        Result repeat = job.awaitResultFor(job.assign(job.seed("seed\n"), Tier.REPEAT, withBits(1, 7)));
        Result last = job.awaitResultFor(job.assign(job.seed("frontier-child 5 0\nseed\n"), withBits(9)));

        assertThat(seenByRuns()).containsExactly("5", "", "1 3 5 7 9");
        assertThat(first.pruningMap()).isEqualTo(withBits(3));
        assertThat(repeat.pruningMap()).as("bit 0, set by the repeat, stays with the worker").isNull();
        assertThat(last.pruningMap()).as("bit 5 was in the map already").isNull();
    }

    @Test
    void aMapFileLongerThanSymccsIsReportedAndItsBitsAreNotSent() throws Exception {
        Files.createDirectories(dir.resolve("bin"));
        // Stretches the map file past SymCC's size, as no SymCC would.
        CommandConfig stretching = new CommandConfig(List.of("/bin/sh", "-c",
                "head -c " + (PruningMap.BYTES + 1) + " /dev/zero | tr '\\000' '\\377' > \"$0\"", "{pruning_map}",
                "{output_dir}"), InputMode.STDIN, Map.of(), ResourceLimits.NONE);
        job = LoopbackJob.start(dir, stretching);

        Result result = job.awaitResultFor(job.assign(job.seed("seed\n"), withBits(1)));

        assertThat(result.pruningMap()).isNull();
        assertThat(result.execution().exitKind()).isEqualTo("ok");
        assertThat(job.diagnostics()).contains("pruning map not read after the run; its new bits are not sent")
                .contains("pruning map file is longer than SymCC's map");
    }
}
