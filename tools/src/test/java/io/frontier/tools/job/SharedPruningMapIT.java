package io.frontier.tools.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.KeyValueStores;
import io.frontier.store.pruning.PruningMap;
import io.frontier.store.view.PruningMapView;
import io.frontier.tools.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The campaign's shared SymCC pruning map with real mpirun, one coordinator and two workers,
 * without SymCC: the target is the file-contract target run as a command that names
 * {@code {pruning_map}}. Each run notes the bits set in its map and sets the bit of its input's
 * generation, as SymCC marks what it solved, and yields one child of the next generation, down to
 * {@link #DEPTH}. So the runs form a chain, each dispatched only after the one before it
 * committed, and run {@code g} started after the runs of generations below {@code g} ended.
 */
@Tag("mpi")
class SharedPruningMapIT {

    private static final int DEPTH = 6;

    @TempDir
    Path directory;

    private CampaignHarness harness;

    /** One run as the target logged it: the map file it used, its generation, the bits it saw. */
    private record LoggedRun(Path map, int generation, Set<Integer> seen) {

        /** The worker rank whose scratch directory holds the map: {@code .../rank-<rank>/pruning-<kind>.map}. */
        String worker() {
            return map.getParent().getFileName().toString();
        }
    }

    @Test
    @Timeout(300)
    void withASharedMapEveryRunSeesTheBitsOfEveryEarlierRunOnEitherWorker() throws Exception {
        List<LoggedRun> runs = chain("shared");

        assertBothWorkersRan(runs);
        for (LoggedRun run : runs) {
            assertThat(run.seen()).as("bits seen by generation %d on %s", run.generation(), run.worker())
                    .isEqualTo(generationsBelow(run.generation()));
        }
        assertThat(runsAfterTheOtherWorker(runs)).as("a run that followed one on the other worker saw its bit")
                .allSatisfy(run -> assertThat(run.seen()).contains(run.generation() - 1));
        try (KeyValueStore kv = KeyValueStores.open(harness.storeUrl())) {
            PruningMap stored = new PruningMapView(kv, harness.keys()).read().map();
            assertThat(IntStream.rangeClosed(0, DEPTH).allMatch(stored::isSet)).as("every run's bit is in the store")
                    .isTrue();
            assertThat(stored.bitCount()).isEqualTo(DEPTH + 1);
        }
    }

    @Test
    @Timeout(300)
    void withAMapPerWorkerARunSeesOnlyTheBitsOfItsOwnWorkersEarlierRuns() throws Exception {
        List<LoggedRun> runs = chain("worker");

        assertBothWorkersRan(runs);
        for (int i = 0; i < runs.size(); i++) {
            LoggedRun run = runs.get(i);
            Set<Integer> ownEarlier = runs.subList(0, i).stream().filter(earlier -> earlier.map().equals(run.map()))
                    .map(LoggedRun::generation).collect(Collectors.toCollection(TreeSet::new));
            assertThat(run.seen()).as("bits seen by generation %d on %s", run.generation(), run.worker())
                    .isEqualTo(ownEarlier);
        }
        assertThat(runsAfterTheOtherWorker(runs)).as("a run that followed one on the other worker missed its bit")
                .allSatisfy(run -> assertThat(run.seen()).doesNotContain(run.generation() - 1));
        try (KeyValueStore kv = KeyValueStores.open(harness.storeUrl())) {
            assertThat(new PruningMapView(kv, harness.keys()).read().shards()).as("nothing is shared").isZero();
        }
    }

    /** Runs the chain in a new campaign created with {@code --pruning-map sharing}; the runs in order. */
    private List<LoggedRun> chain(String sharing) throws IOException {
        Path log = directory.resolve("pruning.log");
        harness = new CampaignHarness(directory, List.of("--children", "derived", "--fanout", "1", "--depth",
                Integer.toString(DEPTH), "--pruning-map", "{pruning_map}", "--pruning-log", log.toString()));
        harness.addSeed("seed", "the only seed\n");

        CampaignHarness.Run job = harness.run(1, 2, "--pruning-map", sharing);

        assertThat(job.exitCode()).as(job.err()).isEqualTo(ExitCodes.OK);
        List<LoggedRun> runs = new ArrayList<>();
        for (String line : Files.readAllLines(log)) {
            String[] parts = line.split(" seen:", 2);
            String[] head = parts[0].split(" ");
            Set<Integer> seen = Arrays.stream(parts[1].strip().split(" ")).filter(bit -> !bit.isEmpty())
                    .map(Integer::valueOf).collect(Collectors.toCollection(TreeSet::new));
            runs.add(new LoggedRun(Path.of(head[0]), Integer.parseInt(head[1]), seen));
        }
        assertThat(runs).extracting(LoggedRun::generation).as("one run per generation, in order")
                .containsExactlyElementsOf(IntStream.rangeClosed(0, DEPTH).boxed().toList());
        return runs;
    }

    /**
     * Both workers ran part of the chain: the coordinator hands each new item to the worker that
     * has waited longest, so the chain goes back and forth, and this is what makes the two cases
     * differ. Checked, not assumed.
     */
    private static void assertBothWorkersRan(List<LoggedRun> runs) {
        assertThat(runs.stream().map(LoggedRun::worker).distinct().count()).as("workers that ran part of the chain")
                .isEqualTo(2);
    }

    /** The runs whose predecessor in the chain ran on the other worker; never empty when both ran. */
    private static List<LoggedRun> runsAfterTheOtherWorker(List<LoggedRun> runs) {
        List<LoggedRun> switched = IntStream.range(1, runs.size())
                .filter(i -> !runs.get(i).map().equals(runs.get(i - 1).map())).mapToObj(runs::get).toList();
        assertThat(switched).isNotEmpty();
        return switched;
    }

    private static Set<Integer> generationsBelow(int generation) {
        return IntStream.range(0, generation).boxed().collect(Collectors.toCollection(TreeSet::new));
    }
}
