package io.frontier.tools.job;

import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.error.FrontierException;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.KeyValueStores;
import io.frontier.store.record.EpochRecord;
import io.frontier.tools.FrontierCommand;
import io.frontier.tools.campaign.CampaignCreation;
import io.frontier.tools.campaign.CampaignDirectory;
import io.frontier.tools.campaign.CampaignSettings;
import io.frontier.tools.campaign.CreationOptions;
import io.frontier.tools.campaign.JobName;
import io.frontier.worker.fault.FaultPlan;
import io.frontier.worker.link.MpiInstallation;
import io.frontier.worker.link.MpiJobLauncher;
import io.frontier.worker.link.MpiJobSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code frontier run}: one job of a campaign on this machine. Creates the campaign on first use
 * (settings file, corpus, store), otherwise fences every earlier job of the campaign by moving
 * its epoch, then starts coordinator and worker ranks with mpirun and exits with the job's verdict.
 */
@Command(name = "run", header = "Run a campaign job on this machine with mpirun.",
        description = "The first run of a campaign directory creates the campaign from --seeds and --executor."
                + " Every later run starts a new job in a new epoch: processes of earlier jobs can no longer"
                + " change the campaign, and the new job carries on where they stopped. Never run two jobs of"
                + " one campaign at once.",
        mixinStandardHelpOptions = true)
public final class RunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CAMPAIGN", description = "The campaign directory.")
    Path campaign;

    @Option(names = "--workers", defaultValue = "2", description = "Worker ranks (default: ${DEFAULT-VALUE}); at least one per coordinator.")
    int workers;

    @Option(names = "--seeds", paramLabel = "DIR", description = "Creating: the directory whose files are the campaign's seeds.")
    Path seeds;

    @Option(names = "--executor", paramLabel = "FILE", description = "Creating: a JSON file describing the executor (type symcc or command).")
    Path executor;

    @Mixin
    CreationOptions creation;

    @Option(names = "--faults", hidden = true, description = "Fault injection for tests (see FaultPlan).")
    String faults;

    @Option(names = "--max-time", description = "Kill the job after this many seconds (default: no limit).")
    Long maxSeconds;

    @Override
    public Integer call() throws IOException, InterruptedException {
        int coordinators = creation.coordinators();
        if (workers < coordinators || coordinators < 1) {
            throw new ParameterException(spec.commandLine(), "--workers must be at least --coordinators (one worker per group)");
        }
        CampaignDirectory directory = new CampaignDirectory(campaign);
        CampaignSettings settings = directory.exists() ? directory.read() : create(directory);
        if (settings.coordinators() != coordinators && spec.commandLine().getParseResult().hasMatchedOption("--coordinators")) {
            throw new ParameterException(spec.commandLine(), "the campaign was created with " + settings.coordinators()
                    + " coordinators; a job must use the same number");
        }
        long epoch = startJob(settings);
        spec.commandLine().getErr().printf("frontier: campaign %s, epoch %d: %d coordinators, %d workers%n",
                settings.name(), epoch, settings.coordinators(), workers);
        MpiJobLauncher launcher = MpiJobLauncher.forThisMachine(MpiInstallation.discover());
        MpiJobSpec job = new MpiJobSpec(settings.coordinators() + workers, System.getProperty("java.class.path"),
                List.of("-XX:+UseSerialGC"), FrontierCommand.class.getName(), List.of("rank", directory.path().toString()),
                faults == null ? java.util.Map.of() : java.util.Map.of(FaultPlan.ENVIRONMENT_VARIABLE, faults));
        Process mpirun = launcher.startInForeground(job, directory.path());
        if (maxSeconds == null) {
            return mpirun.waitFor();
        }
        if (!mpirun.waitFor(maxSeconds, TimeUnit.SECONDS)) {
            mpirun.descendants().forEach(ProcessHandle::destroyForcibly);
            mpirun.destroyForcibly();
            throw new FrontierException("the job exceeded --max-time and was killed; run again to resume it")
                    .with("seconds", maxSeconds).with("campaign", directory.path());
        }
        return mpirun.exitValue();
    }

    private CampaignSettings create(CampaignDirectory directory) {
        if (seeds == null || executor == null) {
            throw new ParameterException(spec.commandLine(),
                    "a new campaign needs --seeds and --executor (" + directory.settingsFile() + " does not exist)");
        }
        return CampaignCreation.create(directory, seeds, executor, creation);
    }

    /** Creates the campaign in the store (epoch 1) or moves an existing one to a new epoch. */
    private long startJob(CampaignSettings settings) {
        String job = JobName.forJob();
        double now = System.currentTimeMillis() / 1000.0;
        try (KeyValueStore kv = KeyValueStores.open(settings.store())) {
            CampaignStore store = new CampaignStore(kv, CampaignKeys.forCampaign(settings.name()));
            EpochRecord created = store.init(settings.storeConfig(), job, now);
            if (created.job().equals(job)) {
                return created.epoch();
            }
            return store.bumpEpoch(created.epoch(), job, now).epoch();
        }
    }
}
