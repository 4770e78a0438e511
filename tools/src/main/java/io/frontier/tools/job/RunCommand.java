package io.frontier.tools.job;

import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.error.FrontierException;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.KeyValueStores;
import io.frontier.store.record.EpochRecord;
import io.frontier.tools.campaign.CampaignCreation;
import io.frontier.tools.campaign.CampaignDirectory;
import io.frontier.tools.campaign.CampaignSettings;
import io.frontier.tools.campaign.CreationOptions;
import io.frontier.tools.campaign.JobName;
import io.frontier.tools.campaign.OpenCampaign;
import io.frontier.tools.campaign.StoreBinding;
import io.frontier.worker.link.MpiInstallation;
import io.frontier.worker.link.MpiJobLauncher;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code frontier run}: one job of a campaign on this machine. Creates the campaign on first use
 * (settings file, corpus, store); on an existing campaign it is {@code frontier resume}: it
 * refuses while the previous job may still be alive (unless {@code --force}), fences that job
 * off by moving the epoch, and carries on where it stopped; creation options given for an
 * existing campaign are refused (they would be ignored). Then it starts coordinator and
 * worker ranks with mpirun and exits with the job's verdict.
 */
@Command(name = "run", header = "Run a campaign job on this machine with mpirun.",
        description = "The first run of a campaign directory creates the campaign from --seeds and --executor."
                + " On an existing campaign, run does what frontier resume does: it refuses while the previous"
                + " job may still be alive (its heartbeat is younger than three intervals) unless --force,"
                + " fences that job off with a new epoch (none of its processes can change the campaign any"
                + " more), and the new job first finishes the commits it left, then carries on where it stopped."
                + " Options marked Creating are refused on an existing campaign (exit 2): change its settings with"
                + " frontier campaign set. Use frontier resume in scripts: it never creates a campaign by mistake.",
        mixinStandardHelpOptions = true)
public final class RunCommand implements Callable<Integer> {

    /** The options that only shape a new campaign: --seeds, --executor and those of {@link CreationOptions}. */
    private static final Set<String> CREATION_ONLY = Set.of("--seeds", "--executor", "--time-limit", "--lease",
            "--store", "--scratch", "--idle-window", "--claim-batch", "--buckets", "--max-attempts", "--triage",
            "--exploration", "--tier-cap-items", "--tier-cap-bytes", "--time-limit-cap", "--repeats", "--repeatable",
            "--pruning-map");

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CAMPAIGN", description = "The campaign directory.")
    Path campaign;

    @Option(names = "--workers", paramLabel = "N", defaultValue = "2", description = "Worker ranks, 1 to 65,535 (default: ${DEFAULT-VALUE});"
            + " at least one per coordinator.")
    int workers;

    @Option(names = "--seeds", paramLabel = "DIR", description = "Creating: the directory whose files are the campaign's seeds.")
    Path seeds;

    @Option(names = "--executor", paramLabel = "FILE", description = "Creating: a JSON file describing the executor"
            + " (type symcc, afl or command); repeat it for a hybrid campaign (see frontier init --help).")
    List<Path> executors;

    @Mixin
    CreationOptions creation;

    @Mixin
    JobOptions job;

    @Override
    public Integer call() throws InterruptedException {
        creation.validate(spec);
        job.validate(spec);
        JobOptions.WORKERS.requireOption(spec, "--workers", workers);
        int coordinators = creation.coordinators();
        CampaignDirectory directory = new CampaignDirectory(campaign);
        boolean exists = directory.exists();
        if (workers < coordinators && (!exists || spec.commandLine().getParseResult().hasMatchedOption("--coordinators"))) {
            throw new ParameterException(spec.commandLine(), "--workers " + workers + " is fewer than --coordinators "
                    + coordinators + ": every coordinator needs at least one worker");
        }
        CampaignSettings settings;
        if (exists) {
            refuseCreationOptions(directory);
            settings = JobLauncher.settingsForNextJob(directory, spec.commandLine().getErr());
        } else {
            settings = checkNew(directory);
        }
        // Found before anything is created, so a machine without Open MPI leaves no campaign behind.
        MpiJobLauncher launcher = MpiJobLauncher.forThisMachine(MpiInstallation.discover());
        if (!exists) {
            directory.create(settings);
        }
        if (settings.coordinators() != coordinators && spec.commandLine().getParseResult().hasMatchedOption("--coordinators")) {
            throw new ParameterException(spec.commandLine(), "the campaign was created with " + settings.coordinators()
                    + " coordinators; a job must use the same number");
        }
        if (workers < settings.coordinators()) {
            throw new ParameterException(spec.commandLine(), "--workers must be at least the campaign's "
                    + settings.coordinators() + " coordinators (one worker per group)");
        }
        long epoch = exists ? nextJob(directory, settings) : firstJob(directory, settings);
        return JobLauncher.run(launcher, directory, settings, epoch, workers, job, spec.commandLine().getErr());
    }

    /**
     * An existing campaign keeps its settings, so an option that only shapes a new campaign would
     * be ignored: it is refused instead, naming each one given. {@code --coordinators} is checked
     * against the campaign's number below.
     */
    private void refuseCreationOptions(CampaignDirectory directory) {
        List<String> given = spec.commandLine().getParseResult().matchedOptions().stream()
                .map(option -> option.longestName()).filter(CREATION_ONLY::contains).distinct().toList();
        if (!given.isEmpty()) {
            throw new FrontierException("the campaign exists and keeps its settings, so " + String.join(", ", given)
                    + (given.size() == 1 ? " is" : " are") + " refused: change a campaign's settings with `frontier"
                    + " campaign set " + directory.path() + "` (see its --help), and start its next job without them")
                    .with("options", String.join(" ", given)).with("file", directory.settingsFile());
        }
    }

    /** The settings of the new campaign the options describe, checked; nothing is written yet. */
    private CampaignSettings checkNew(CampaignDirectory directory) {
        if (seeds == null || executors == null || executors.isEmpty()) {
            throw new ParameterException(spec.commandLine(),
                    "a new campaign needs --seeds and --executor (" + directory.settingsFile() + " does not exist)");
        }
        return CampaignCreation.check(directory, seeds, executors, creation);
    }

    /**
     * Creates the new campaign in its store, in epoch 1, this job's, and marks the job starting;
     * returns the epoch.
     */
    private long firstJob(CampaignDirectory directory, CampaignSettings settings) {
        String id = JobName.forJob();
        double now = System.currentTimeMillis() / 1000.0;
        try (KeyValueStore kv = KeyValueStores.open(settings.store())) {
            CampaignStore campaignStore = new CampaignStore(kv, CampaignKeys.forCampaign(settings.name()));
            EpochRecord created = StoreBinding.initialise(directory, settings, campaignStore, creation, id, now);
            JobLauncher.markStarting(campaignStore, created, workers, job);
            spec.commandLine().getErr().printf("frontier: campaign %s created, epoch %d: %d coordinators, %d workers%n",
                    settings.name(), created.epoch(), settings.coordinators(), workers);
            return created.epoch();
        }
    }

    /**
     * Fences off the previous job of the existing campaign as {@code frontier resume} does, in
     * the campaign's own store, which must exist and hold it ({@link OpenCampaign}: never created
     * or initialised here); returns this job's epoch.
     */
    private long nextJob(CampaignDirectory directory, CampaignSettings settings) {
        try (OpenCampaign open = OpenCampaign.open(directory, settings)) {
            JobFence.Fenced fenced = JobFence.fence(open.store(), JobName.forJob(), job.force,
                    System.currentTimeMillis() / 1000.0);
            JobLauncher.markStarting(open.store(), fenced.epoch(), workers, job);
            JobLauncher.announce(spec.commandLine().getErr(), settings, fenced, workers);
            return fenced.epoch().epoch();
        }
    }
}
