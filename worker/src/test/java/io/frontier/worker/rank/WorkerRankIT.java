package io.frontier.worker.rank;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.corpus.ObjectDirectory;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import io.frontier.store.corpus.Digest;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.wire.ShutdownAck;
import io.frontier.store.wire.WireCodec;
import io.frontier.worker.executor.testing.FileContractTarget;
import io.frontier.worker.fault.FaultPlan;
import io.frontier.worker.link.MpiInstallation;
import io.frontier.worker.link.MpiJobLauncher;
import io.frontier.worker.link.MpiJobSpec;
import io.frontier.worker.rank.ScriptedJobRank.Answer;
import io.frontier.worker.rank.ScriptedJobRank.CoordinatorReport;
import io.frontier.worker.rank.ScriptedJobRank.WorkerReport;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real mpirun: one scripted coordinator rank and two real worker ranks run three seeds through
 * the file-contract target, over the Open MPI Java bindings.
 */
@Tag("mpi")
@Timeout(180)
class WorkerRankIT {

    private static final List<String> SEEDS = List.of("seed one\n", "seed two\n", "seed three\n");

    @TempDir
    Path dir;

    private List<Digest> seeds;

    /** Publishes the seeds, installs the target, writes the settings; returns the settings file. */
    private Path prepare() throws Exception {
        Path campaign = Files.createDirectories(dir.resolve("campaign"));
        DurableFiles files = new DurableFiles(new Fsync());
        CorpusLayout layout = new CorpusLayout(campaign);
        layout.createCorpus(files);
        ObjectDirectory corpus = new ObjectDirectory(layout.corpus(), files);
        seeds = new ArrayList<>();
        for (String seed : SEEDS) {
            seeds.add(Digest.parse(corpus.publish(seed.getBytes(StandardCharsets.UTF_8)).digest().hex()));
        }
        Files.write(dir.resolve("seeds.txt"), seeds.stream().map(Digest::hex).toList());
        WorkerSettings settings = WorkerSettings.of(
                FileContractTarget.command(FileContractTarget.install(dir.resolve("bin")),
                        List.of("--children", "derived", "--fanout", "2")),
                30_000, campaign.toString(), dir.resolve("scratch").toString(), 60_000, null);
        return Files.write(dir.resolve("settings.json"), WireCodec.encode(settings));
    }

    private int runJob(Path settingsFile, String faults) throws Exception {
        MpiJobLauncher launcher = MpiJobLauncher.forThisMachine(MpiInstallation.discover());
        MpiJobSpec spec = new MpiJobSpec(3, System.getProperty("java.class.path"),
                MpiJobSpec.RANK_JVM_OPTIONS, ScriptedJobRank.class.getName(),
                List.of(settingsFile.toString(), dir.toString()), java.util.Map.of(FaultPlan.ENVIRONMENT_VARIABLE, faults));
        List<String> command = launcher.command(spec);
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("mpirun.log").toFile());
        Process job = builder.start();
        if (!job.waitFor(150, TimeUnit.SECONDS)) {
            job.descendants().forEach(ProcessHandle::destroyForcibly);
            job.destroyForcibly();
            throw new AssertionError("the MPI job did not end; log:\n" + Files.readString(dir.resolve("mpirun.log")));
        }
        return job.exitValue();
    }

    private <T> T report(int rank, Class<T> type) throws Exception {
        return WireCodec.decode(Files.readAllBytes(dir.resolve("rank-" + rank + ".json")), type);
    }

    private static List<DeclaredChild> derivedChildren(String seed) {
        return List.of(0, 1).stream().map(i -> {
            byte[] child = ("frontier-child 1 " + i + "\n" + seed).getBytes(StandardCharsets.UTF_8);
            return DeclaredChild.untriaged(Digest.parse(ContentHasher.hash(child).digest().hex()), child.length);
        }).toList();
    }

    @Test
    void twoWorkerRanksAnswerEveryAssignmentWithExactlyStagedChildrenAndAcknowledgeTheShutdown() throws Exception {
        Path settings = prepare();

        int exit = runJob(settings, "");

        String log = Files.readString(dir.resolve("mpirun.log"));
        assertThat(exit).as("mpirun exit; log:%n%s", log).isZero();
        CoordinatorReport coordinator = report(0, CoordinatorReport.class);
        assertThat(coordinator.malformed()).isEmpty();
        assertThat(coordinator.answers()).hasSize(3);
        for (Answer answer : coordinator.answers()) {
            assertThat(answer.problem()).as("answer of rank %d", answer.worker()).isEmpty();
            String seed = SEEDS.get(seeds.indexOf(answer.assign().work()));
            assertThat(answer.result().children()).containsExactlyElementsOf(derivedChildren(seed));
            assertThat(answer.result().execution().exitKind()).isEqualTo("ok");
        }
        assertThat(coordinator.answers()).extracting(answer -> answer.assign().work())
                .containsExactlyInAnyOrderElementsOf(seeds);
        assertThat(coordinator.answers()).extracting(Answer::worker).contains(1, 2);
        assertThat(coordinator.acks()).extracting(ShutdownAck::worker).containsExactlyInAnyOrder(1, 2);
        long executions = 0;
        for (int rank = 1; rank <= 2; rank++) {
            WorkerReport worker = report(rank, WorkerReport.class);
            Map<String, Long> acked = coordinator.acks().stream().filter(ack -> ack.worker() == worker.rank())
                    .findFirst().orElseThrow().figures();
            assertThat(acked).isEqualTo(worker.figures());
            executions += acked.get(WorkerFigures.EXECUTIONS);
        }
        assertThat(executions).isEqualTo(3);
        try (Stream<Path> corpus = Files.list(dir.resolve("campaign/corpus"))) {
            assertThat(corpus.count()).as("workers never write the public corpus").isEqualTo(3);
        }
        try (Stream<Path> scratch = Files.list(dir.resolve("scratch/epoch-1"))) {
            assertThat(scratch.map(path -> path.getFileName().toString()))
                    .as("only the lock files remain in scratch").containsExactlyInAnyOrder("rank-1.lock", "rank-2.lock");
        }
    }

    @Test
    void aMalformedResultFaultFromTheEnvironmentReachesTheCoordinatorOverMpi() throws Exception {
        Path settings = prepare();

        int exit = runJob(settings, "worker.malformed-result@2");

        String log = Files.readString(dir.resolve("mpirun.log"));
        assertThat(exit).as("mpirun exit; log:%n%s", log).isZero();
        CoordinatorReport coordinator = report(0, CoordinatorReport.class);
        assertThat(coordinator.malformed()).singleElement().satisfies(answer -> {
            assertThat(answer.worker()).isEqualTo(2);
            assertThat(answer.problem()).startsWith("message does not decode as its declared type [type=Result");
        });
        assertThat(coordinator.answers()).hasSize(2).allSatisfy(answer -> assertThat(answer.problem()).isEmpty());
        assertThat(log).contains("frontier worker rank 2: fault injected: worker.malformed-result");
        assertThat(coordinator.acks()).hasSize(2);
    }
}
