package io.frontier.coordinator.bench;

import io.frontier.coordinator.budget.Budget;
import io.frontier.coordinator.rank.CoordinatorRank;
import io.frontier.coordinator.rank.CoordinatorSettings;
import io.frontier.coordinator.termination.Outcome;
import io.frontier.coordinator.termination.TerminationSettings;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import io.frontier.worker.link.LoopbackTransport;
import io.frontier.worker.link.Transport;
import io.frontier.worker.topology.JobTopology;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One job of a benchmark campaign: {@code coordinators} coordinator ranks, each on a thread of its
 * own running {@link CoordinatorRank#run()}, and {@code workersPerCoordinator} simulated workers
 * each, all over one {@link LoopbackTransport}, until the execution budget stops the job. The
 * coordinators are built as a rank process builds them, with the settings {@code frontier init}
 * gives a campaign unless told otherwise.
 */
final class CoordinatorJob {

    private static final Duration LEASE = Duration.ofSeconds(30);
    private static final int CLAIM_BATCH = 8;
    private static final Duration IDLE_WINDOW = Duration.ofMillis(20);
    private static final Duration TIME_LIMIT = Duration.ofSeconds(60);
    private static final Duration START_TIMEOUT = Duration.ofMinutes(30);
    private static final long JOIN_MILLIS = Duration.ofMinutes(30).toMillis();

    /** What one job did. */
    record Ran(Window.Figures window, long executions, long results, long children, Map<ChildMix.Role, Long> roles,
               List<Map<String, Long>> coordinatorCounts) {
    }

    private final BenchCampaign campaign;
    private final int coordinators;
    private final int workersPerCoordinator;
    private final boolean durableStage;
    private final Path logs;

    CoordinatorJob(BenchCampaign campaign, int coordinators, int workersPerCoordinator, boolean durableStage, Path logs) {
        this.campaign = campaign;
        this.coordinators = coordinators;
        this.workersPerCoordinator = workersPerCoordinator;
        this.durableStage = durableStage;
        this.logs = logs;
    }

    /**
     * Runs the campaign's current epoch as one job that stops once the campaign has committed
     * {@code executions} more executions.
     *
     * @param primer a child that one RESULT of the job adds to its own, or null
     * @param onOpen runs as the measured window opens; {@code onClose} as it closes
     */
    Ran run(String name, Workload workload, ChildMix mix, long executions, ChildMix.Child primer,
            Runnable onOpen, Runnable onClose) throws InterruptedException {
        long before = campaign.store().executions();
        JobTopology topology = new JobTopology(coordinators * (1 + workersPerCoordinator), coordinators);
        List<Transport> ranks = LoopbackTransport.connect(topology.size());
        Window window = new Window(campaign::corpusFsyncs, campaign::storeTraffic, onOpen, onClose);
        AtomicReference<ChildMix.Child> primerSlot = new AtomicReference<>(primer);
        DurableFiles workerFiles = durableStage ? new DurableFiles(new Fsync()) : null;
        Map<Thread, Throwable> failures = new ConcurrentHashMap<>();

        List<SimulatedWorker> workers = new ArrayList<>();
        List<Thread> workerThreads = new ArrayList<>();
        for (int rank = coordinators; rank < topology.size(); rank++) {
            SimulatedWorker worker = new SimulatedWorker(ranks.get(rank), topology, campaign.layout(), workerFiles,
                    workload, mix, primerSlot, window);
            workers.add(worker);
            workerThreads.add(thread("bench-worker-" + rank, worker, failures));
        }
        Budget budget = new Budget(Duration.ZERO, before + executions, 0);
        CoordinatorSettings settings = new CoordinatorSettings(LEASE, CLAIM_BATCH, null, START_TIMEOUT,
                TerminationSettings.forCampaign(IDLE_WINDOW, TIME_LIMIT), budget, List.of(BenchCampaign.EXECUTOR),
                Duration.ZERO, TIME_LIMIT);
        List<CoordinatorRank> ranksRun = new ArrayList<>();
        List<Outcome> outcomes = new ArrayList<>();
        List<Thread> loops = new ArrayList<>();
        List<PrintStream> logStreams = new ArrayList<>();
        for (int rank = 0; rank < coordinators; rank++) {
            PrintStream log = log(name, rank);
            logStreams.add(log);
            CoordinatorRank coordinator = new CoordinatorRank(ranks.get(rank), topology,
                    campaign.services(rank, coordinators), settings, campaign.epoch(), campaign.ownerOf(rank),
                    BenchCampaign.ownBuckets(rank, coordinators), log);
            ranksRun.add(coordinator);
            loops.add(thread("coordinator-" + rank, () -> {
                Outcome outcome = coordinator.run();
                synchronized (outcomes) {
                    outcomes.add(outcome);
                }
            }, failures));
        }
        window.watch(workerThreads, loops);
        workerThreads.forEach(Thread::start);
        loops.forEach(Thread::start);
        for (Thread thread : loops) {
            thread.join(JOIN_MILLIS);
        }
        for (Thread thread : workerThreads) {
            thread.join(JOIN_MILLIS);
        }
        logStreams.forEach(PrintStream::close);
        campaign.endJob();
        if (!failures.isEmpty()) {
            Map.Entry<Thread, Throwable> first = failures.entrySet().iterator().next();
            throw new IllegalStateException(first.getKey().getName() + " failed; logs in " + logs, first.getValue());
        }
        for (Outcome outcome : outcomes) {
            if (outcome.ending() != Outcome.Ending.COMMITTED || !outcome.clean()) {
                throw new IllegalStateException("job " + name + " ended " + outcome.ending() + " (" + outcome.reason()
                        + ", " + outcome.failures() + "); logs in " + logs);
            }
        }
        if (outcomes.size() != coordinators) {
            throw new IllegalStateException("job " + name + ": a coordinator did not end; logs in " + logs);
        }
        long results = workers.stream().mapToLong(SimulatedWorker::results).sum();
        long children = workers.stream().mapToLong(SimulatedWorker::children).sum();
        Map<ChildMix.Role, Long> roles = new EnumMap<>(ChildMix.Role.class);
        for (ChildMix.Role role : ChildMix.Role.values()) {
            roles.put(role, workers.stream().mapToLong(worker -> worker.children(role)).sum());
        }
        List<Map<String, Long>> counts = ranksRun.stream().map(CoordinatorRank::counts).toList();
        return new Ran(window.figures(), campaign.store().executions() - before, results, children, roles, counts);
    }

    private PrintStream log(String name, int rank) {
        try {
            Files.createDirectories(logs);
            return new PrintStream(Files.newOutputStream(logs.resolve(name + "-coordinator-" + rank + ".log")), true,
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("coordinator log cannot be created in " + logs, e);
        }
    }

    private static Thread thread(String name, Runnable body, Map<Thread, Throwable> failures) {
        Thread thread = new Thread(body, name);
        thread.setUncaughtExceptionHandler(failures::put);
        return thread;
    }
}
