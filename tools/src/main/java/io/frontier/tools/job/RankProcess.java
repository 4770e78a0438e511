package io.frontier.tools.job;

import io.frontier.coordinator.admission.AuditScope;
import io.frontier.coordinator.admission.CorpusAudit;
import io.frontier.coordinator.admission.SeedAdmission;
import io.frontier.coordinator.budget.Budget;
import io.frontier.coordinator.commit.Checkpoints;
import io.frontier.coordinator.commit.CommitChain;
import io.frontier.coordinator.commit.EntryFinisher;
import io.frontier.coordinator.commit.FaultCheckpoints;
import io.frontier.coordinator.coverage.EdgeMapMirror;
import io.frontier.coordinator.liveness.Heartbeat;
import io.frontier.coordinator.rank.CoordinatorRank;
import io.frontier.coordinator.progress.StoreProgress;
import io.frontier.coordinator.pruning.SharedPruning;
import io.frontier.coordinator.rank.CoordinatorServices;
import io.frontier.coordinator.rank.CoordinatorSettings;
import io.frontier.coordinator.rejection.InvalidResultHandler;
import io.frontier.coordinator.replay.Replay;
import io.frontier.coordinator.replay.StageJanitor;
import io.frontier.coordinator.stop.StopRequestWatch;
import io.frontier.coordinator.termination.Outcome;
import io.frontier.coordinator.termination.TerminationSettings;
import io.frontier.coordinator.validation.ResultValidator;
import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.corpus.ObjectDirectory;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import io.frontier.store.corpus.seed.SeedScanner;
import io.frontier.store.keyspace.Buckets;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.record.JobHeartbeat;
import io.frontier.store.record.Owner;
import io.frontier.store.view.EdgeMapView;
import io.frontier.store.view.PruningMapView;
import io.frontier.tools.campaign.CampaignDirectory;
import io.frontier.tools.campaign.CampaignSettings;
import io.frontier.tools.campaign.JobSummary;
import io.frontier.tools.campaign.OpenCampaign;
import io.frontier.tools.campaign.StoreBinding;
import io.frontier.worker.executor.AflSessionConfig;
import io.frontier.worker.executor.ExecutorConfig;
import io.frontier.worker.executor.ExecutorFactory;
import io.frontier.worker.fault.FaultPlan;
import io.frontier.worker.link.MpiLink;
import io.frontier.worker.rank.WorkerFigures;
import io.frontier.worker.rank.WorkerRank;
import io.frontier.worker.topology.JobTopology;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** What one rank process does: join the MPI job, take its role, run it, and exit with the verdict. */
final class RankProcess {

    private RankProcess() {
    }

    /**
     * Runs this process's rank of the job of {@code epoch}. The epoch comes from the launching
     * command, never from the store: a rank that read it there could join a newer job that
     * fenced its own off before it started.
     */
    static int run(CampaignDirectory directory, long epoch, long heartbeatMillis, Budget budget, AuditScope audit) {
        WholeLineOutput.install();
        MpiLink link = MpiLink.initialise(new String[0]);
        CampaignSettings settings = directory.read();
        JobTopology topology = new JobTopology(link.size(), settings.coordinators());
        FaultPlan faults = FaultPlan.fromEnvironment();
        if (!topology.isCoordinator(link.rank())) {
            WorkerFigures figures = new WorkerRank(link, topology, epoch, settings.worker(), ExecutorFactory.onThisMachine(),
                    faults, System.err).run();
            System.out.printf("worker %d: %s%n", link.rank(), figures);
            link.finish();
            return 0;
        }
        try (KeyValueStore kv = OpenCampaign.openStore(directory, settings)) {
            CampaignStore store = new CampaignStore(kv, CampaignKeys.forCampaign(settings.name()),
                    settings.worker().executorKinds());
            StoreBinding.check(directory, settings, store);
            Heartbeat heartbeat = link.rank() == 0
                    ? Heartbeat.start(store, firstBeat(store, epoch, topology, heartbeatMillis), System.err)
                    : null;
            CoordinatorRank coordinator = new CoordinatorRank(link, topology,
                    services(directory, settings, kv, store, topology, epoch, link.rank(), faults, audit), coordinatorSettings(settings, budget, audit), epoch,
                    ownerOf(epoch, link.rank()),
                    ownBuckets(settings, link.rank()), System.out);
            long started = System.nanoTime();
            Outcome outcome;
            try {
                outcome = coordinator.run();
            } finally {
                if (heartbeat != null) {
                    heartbeat.end();
                }
            }
            long wallMillis = (System.nanoTime() - started) / 1_000_000;
            System.out.printf("coordinator %d: %s exit=%d %s%n", link.rank(), outcome.ending(), outcome.exitCode(),
                    coordinator.counts());
            if (link.rank() == 0) {
                JobSummary.Written summary = JobSummary.write(directory, epoch, wallMillis, outcome,
                        coordinator.counts());
                System.out.printf("%s%n", summary.summary().busy().describe());
                System.out.printf("summary: %s%s%n", summary.file(), summary.file().equals(JobSummary.file(directory, epoch))
                        ? "" : " (" + JobSummary.file(directory, epoch).getFileName() + " is an earlier job's, and is kept)");
            }
            if (outcome.clean()) {
                link.finish();
            } else {
                link.abortJob(outcome.exitCode());
            }
            return outcome.exitCode();
        }
    }

    /** Root's first beat: this process, under the id of the job that moved the campaign to {@code epoch}. */
    private static JobHeartbeat firstBeat(CampaignStore store, long epoch, JobTopology topology, long intervalMillis) {
        // If the epoch has moved on already, this job is fenced off and the store refuses the
        // beat whatever job it names.
        return JobHeartbeat.running(epoch, store.epoch().job(), JobLauncher.hostName(), ProcessHandle.current().pid(),
                topology.size() - topology.coordinators(), intervalMillis, System.currentTimeMillis() / 1000.0);
    }

    /** The owner coordinator {@code rank} of the job of {@code epoch} leases and commits under. */
    private static Owner ownerOf(long epoch, int rank) {
        return Owner.of("epoch-" + epoch + "/rank-" + rank);
    }

    private static Map<Owner, Integer> coordinatorOwners(JobTopology topology, long epoch) {
        Map<Owner, Integer> owners = new HashMap<>();
        for (int rank = 0; rank < topology.coordinators(); rank++) {
            owners.put(ownerOf(epoch, rank), rank);
        }
        return owners;
    }

    /** The buckets this coordinator looks in first, by rendezvous hashing over the coordinators. */
    private static java.util.Set<Integer> ownBuckets(CampaignSettings settings, int rank) {
        java.util.List<String> names = new java.util.ArrayList<>();
        for (int coordinator = 0; coordinator < settings.coordinators(); coordinator++) {
            names.add("rank-" + coordinator);
        }
        return Buckets.ownedBy("rank-" + rank, names, settings.buckets());
    }

    private static CoordinatorServices services(CampaignDirectory directory, CampaignSettings settings, KeyValueStore kv,
                                                CampaignStore store, JobTopology topology, long epoch, int rank,
                                                FaultPlan faults, AuditScope audit) {
        CorpusLayout layout = directory.layout();
        DurableFiles files = new DurableFiles(new Fsync());
        ObjectDirectory corpus = new ObjectDirectory(layout.corpus(), files);
        Checkpoints checkpoints = faults.isEmpty() ? Checkpoints.NONE : new FaultCheckpoints(faults, rank);
        EntryFinisher finisher = new EntryFinisher(store, layout, files, checkpoints);
        SeedAdmission seeds = rank == 0 ? new SeedAdmission(new SeedScanner(Path.of(settings.seeds()), corpus), store) : null;
        return new CoordinatorServices(store, corpus, seeds, new ResultValidator(layout),
                new CommitChain(store, layout, files, checkpoints), new InvalidResultHandler(store, layout, files),
                new Replay(store, finisher), new StageJanitor(store, layout, files),
                new CorpusAudit(layout.corpus(), kv, store, audit), faults,
                new StoreProgress(store, kv, coordinatorOwners(topology, epoch)),
                new StopRequestWatch(directory.path(), epoch),
                SharedPruning.open(store, new PruningMapView(kv, store.keys()), epoch, pruningKinds(settings)),
                new EdgeMapMirror(new EdgeMapView(kv, store.keys()), store, store.exploration()));
    }

    /** The campaign's executor kinds whose runs keep a SymCC pruning map. */
    private static Set<String> pruningKinds(CampaignSettings settings) {
        return settings.worker().executors().stream().filter(ExecutorConfig::keepsPruningMap)
                .map(ExecutorConfig::kind).collect(Collectors.toSet());
    }

    /**
     * The coordinators' settings for this job. The other coordinators wait for root's replay and
     * audit for 30 minutes, or for a day when the audit is full: a full audit of a large campaign
     * takes hours, and the workers wait a day by default too.
     */
    private static CoordinatorSettings coordinatorSettings(CampaignSettings settings, Budget budget, AuditScope audit) {
        return new CoordinatorSettings(Duration.ofMillis(settings.leaseMillis()), settings.claimBatch(),
                Path.of(settings.seeds()), audit == AuditScope.FULL ? Duration.ofDays(1) : Duration.ofMinutes(30),
                TerminationSettings.forCampaign(Duration.ofMillis(settings.idleWindowMillis()),
                        settings.worker().timeLimit()), budget, settings.worker().executorKinds(),
                sessionSlice(settings), settings.worker().timeLimit());
    }

    /** How long one slice of the campaign's fuzzing session fuzzes; zero in a campaign without one. */
    private static Duration sessionSlice(CampaignSettings settings) {
        return settings.worker().executors().stream()
                .filter(AflSessionConfig.class::isInstance).map(AflSessionConfig.class::cast)
                .map(session -> Duration.ofSeconds(session.checkpointSeconds()))
                .findFirst().orElse(Duration.ZERO);
    }
}
