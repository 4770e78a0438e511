package io.frontier.tools.job;

import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.record.JobHeartbeat;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.campaign.CampaignDirectory;
import io.frontier.tools.campaign.CampaignSettings;
import io.frontier.tools.campaign.JobName;
import io.frontier.tools.campaign.OpenCampaign;
import io.frontier.worker.link.MpiInstallation;
import io.frontier.worker.link.MpiJobLauncher;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code frontier resume}: the next job of an existing campaign, after a crash, the loss of a
 * node, a killed job or a clean end. Never asks anything, so a batch script can run it.
 *
 * <p>Contract: unless the previous job may still be alive (then it refuses with exit code 2 and
 * changes nothing, or with {@code --force} goes on), it fences that job off for good by moving
 * the campaign to a new epoch: from then on none of its processes can change the campaign, and
 * its leases are recoverable at once. The new job's root then finishes every commit decision the
 * earlier jobs left before anything is dispatched, and the job carries on: nothing that was
 * done is executed again. Resuming a campaign that already reached quiescence runs a job that
 * finds nothing to do, plus any seeds added since.
 */
@Command(name = "resume", header = "Resume a campaign after a crash or node loss.",
        description = "Judges the previous job from the heartbeat its root coordinator writes every"
                + " --heartbeat-interval: it is presumed dead once three intervals pass without a beat (or at"
                + " once if it ended). While it may still be alive, resume refuses with exit code 2 and names its"
                + " job, host, pid and the age of its last beat; --force fences it off anyway. Otherwise resume"
                + " moves the campaign to a new epoch, after which no process of the old job can change the"
                + " campaign, and runs the new job with mpirun: its root first finishes the commits earlier jobs"
                + " left (replay), then the job carries on where they stopped. Never prompts.",
        mixinStandardHelpOptions = true)
public final class ResumeCommand implements Callable<Integer> {

    /** Workers of a job when neither --workers nor the previous job's heartbeat says. */
    private static final int DEFAULT_WORKERS = 2;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CAMPAIGN", description = "The campaign directory (created by frontier run or init).")
    Path campaign;

    @Option(names = "--workers", paramLabel = "N",
            description = "Worker ranks, 1 to 65,535; at least one per coordinator (default: as many as the previous job had, else "
                    + DEFAULT_WORKERS + ").")
    Integer workers;

    @Option(names = "--fence-only",
            description = "Fence the previous job and print the new epoch on standard output, but start no ranks:"
                    + " for launchers other than mpirun, e.g. srun ... frontier rank CAMPAIGN --epoch <printed epoch>."
                    + " Start them within a minute, or the next resume presumes this job dead.")
    boolean fenceOnly;

    @Mixin
    JobOptions job;

    @Override
    public Integer call() throws InterruptedException {
        job.validate(spec);
        if (workers != null) {
            JobOptions.WORKERS.requireOption(spec, "--workers", workers);
        }
        CampaignDirectory directory = new CampaignDirectory(campaign);
        CampaignSettings settings = JobLauncher.settingsForNextJob(directory, spec.commandLine().getErr());
        MpiJobLauncher launcher = fenceOnly ? null : MpiJobLauncher.forThisMachine(MpiInstallation.discover());
        String id = JobName.forJob();
        JobFence.Fenced fenced;
        int jobWorkers;
        try (OpenCampaign open = OpenCampaign.open(directory, settings)) {
            CampaignStore store = open.store();
            jobWorkers = workers != null ? workers : previousWorkers(store.heartbeat());
            if (jobWorkers < settings.coordinators()) {
                throw new ParameterException(spec.commandLine(), "--workers must be at least the campaign's "
                        + settings.coordinators() + " coordinators (one worker per group)");
            }
            fenced = JobFence.fence(store, id, job.force, System.currentTimeMillis() / 1000.0);
            JobLauncher.markStarting(store, fenced.epoch(), jobWorkers, job);
        }
        JobLauncher.announce(spec.commandLine().getErr(), settings, fenced, jobWorkers);
        if (fenceOnly) {
            spec.commandLine().getOut().println(fenced.epoch().epoch());
            return ExitCodes.OK;
        }
        return JobLauncher.run(launcher, directory, settings, fenced.epoch().epoch(), jobWorkers, job,
                spec.commandLine().getErr());
    }

    private static int previousWorkers(JobHeartbeat last) {
        return last != null && last.workers() > 0 ? last.workers() : DEFAULT_WORKERS;
    }
}
