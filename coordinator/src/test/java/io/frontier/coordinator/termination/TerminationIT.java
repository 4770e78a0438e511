package io.frontier.coordinator.termination;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.coordinator.termination.TerminationRank.Report;
import io.frontier.store.wire.WireCodec;
import io.frontier.worker.link.MpiInstallation;
import io.frontier.worker.link.MpiJobLauncher;
import io.frontier.worker.link.MpiJobSpec;
import io.frontier.worker.topology.JobTopology;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Real mpirun, real ranks: the termination protocol of 2 coordinators and 4 workers. */
@Tag("mpi")
class TerminationIT {

    private static final int COORDINATORS = 2;
    private static final int RANKS = 6;

    @TempDir
    Path campaign;

    @Test
    @Timeout(180)
    void twoCoordinatorsCommitAfterEverySeedIsExecutedAndEveryWorkerAcknowledgesItsShutdown() throws Exception {
        List<String> seeds = new ArrayList<>();
        for (int rank = 0; rank < COORDINATORS; rank++) {
            Files.createDirectories(campaign.resolve("external-" + rank));
            for (int seed = 0; seed < 3; seed++) {
                String name = "seed-" + rank + "-" + seed;
                Files.writeString(campaign.resolve("external-" + rank).resolve(name), name);
                seeds.add(name);
            }
        }
        MpiJobLauncher launcher = MpiJobLauncher.forThisMachine(MpiInstallation.discover());
        MpiJobSpec spec = new MpiJobSpec(RANKS, System.getProperty("java.class.path"),
                MpiJobSpec.RANK_JVM_OPTIONS, TerminationRank.class.getName(),
                List.of(campaign.toString(), Integer.toString(COORDINATORS)), java.util.Map.of());
        Path log = campaign.resolve("mpirun.log");

        long started = System.nanoTime();
        Process job = launcher.start(spec, campaign, log);
        boolean finished = job.waitFor(150, TimeUnit.SECONDS);
        if (!finished) {
            job.descendants().forEach(ProcessHandle::destroyForcibly);
            job.destroyForcibly();
        }
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        assertThat(finished).as("job ended; log:%n%s", Files.readString(log)).isTrue();
        assertThat(job.exitValue()).as("mpirun exit code; log:%n%s", Files.readString(log)).isZero();
        JobTopology topology = new JobTopology(RANKS, COORDINATORS);
        for (int rank = 0; rank < RANKS; rank++) {
            Report report = WireCodec.decode(Files.readAllBytes(campaign.resolve("rank-" + rank + ".json")),
                    Report.class);
            if (topology.isCoordinator(rank)) {
                assertThat(report.ending()).isEqualTo("COMMITTED");
                assertThat(report.exitCode()).isZero();
                assertThat(report.workerAcks()).containsExactlyElementsOf(topology.workersOf(rank));
                assertThat(report.unanswered()).isEmpty();
            } else {
                assertThat(report.acknowledged()).as("worker %d acknowledged", rank).isTrue();
            }
        }
        assertThat(WireCodec.decode(Files.readAllBytes(campaign.resolve("rank-0.json")), Report.class).statsFrom())
                .containsExactly(0, 1);
        assertThat(names(campaign.resolve("executed"))).containsExactlyInAnyOrderElementsOf(seeds);
        assertThat(names(campaign.resolve("pending"))).isEmpty();
        System.out.printf("termination under mpirun: %d ranks ended in %d ms%n", RANKS, took.toMillis());
    }

    private static List<String> names(Path directory) throws Exception {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.map(path -> path.getFileName().toString()).toList();
        }
    }
}
