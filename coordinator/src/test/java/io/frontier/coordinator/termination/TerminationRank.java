package io.frontier.coordinator.termination;

import io.frontier.store.wire.WireCodec;
import io.frontier.worker.link.MpiLink;
import io.frontier.worker.topology.JobTopology;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * One rank of {@link TerminationIT}, started by mpirun on every rank: coordinators run the real
 * {@link Termination} in a {@link CoordinatorLoop} over a {@link DirectoryFrontier}; workers
 * answer their SHUTDOWN. Each rank writes {@code rank-<rank>.json}, then finalises MPI if every
 * rank reached the end, or aborts the job with its exit code if not.
 *
 * <p>Arguments: the campaign directory and the number of coordinators.
 */
public final class TerminationRank {

    /** What one rank saw at the end. */
    record Report(int rank, String ending, int exitCode, List<Integer> workerAcks, List<Integer> statsFrom,
                  List<Integer> unanswered, boolean acknowledged) {
    }

    private static final TerminationSettings SETTINGS = new TerminationSettings(Duration.ofMillis(100),
            Duration.ofMillis(100), Duration.ofSeconds(20), Duration.ofSeconds(40), Duration.ofSeconds(20),
            Duration.ofSeconds(10));

    private TerminationRank() {
    }

    public static void main(String[] args) throws IOException {
        MpiLink link = MpiLink.initialise(args);
        Path campaign = Path.of(args[0]);
        JobTopology topology = new JobTopology(link.size(), Integer.parseInt(args[1]));
        Report report;
        boolean clean = true;
        if (topology.isCoordinator(link.rank())) {
            DirectoryFrontier frontier = new DirectoryFrontier(campaign, link.rank());
            Termination termination = new Termination(link, topology, SETTINGS, frontier, frontier, frontier,
                    System.nanoTime());
            Outcome outcome = CoordinatorLoop.run(link, termination, frontier::step);
            clean = outcome.clean();
            report = new Report(link.rank(), outcome.ending().name(), outcome.exitCode(),
                    List.copyOf(outcome.workerAcks().keySet()), List.copyOf(outcome.coordinatorStats().keySet()),
                    outcome.unanswered(), false);
        } else {
            boolean acknowledged = WorkerStandIn.run(link, topology, Duration.ofSeconds(60));
            report = new Report(link.rank(), "WORKER", 0, List.of(), List.of(), List.of(), acknowledged);
        }
        Files.write(campaign.resolve("rank-" + link.rank() + ".json"), WireCodec.encode(report));
        if (!clean) {
            link.abortJob(report.exitCode());
        }
        link.finish();
        System.exit(report.exitCode());
    }
}
