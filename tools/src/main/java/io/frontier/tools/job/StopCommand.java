package io.frontier.tools.job;

import io.frontier.coordinator.liveness.JobLiveness;
import io.frontier.coordinator.stop.StopRequest;
import io.frontier.store.error.FrontierException;
import io.frontier.store.record.EpochRecord;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.JsonOption;
import io.frontier.tools.campaign.JobName;
import io.frontier.tools.campaign.OpenCampaign;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code frontier stop}: asks the running job of a campaign to drain and end, from any shell
 * that sees the campaign directory, whatever started the job (frontier run, resume, or srun).
 *
 * <p>Contract: writes a {@link StopRequest} for the campaign's current epoch and returns at once;
 * it never kills anything. The job's coordinators see it within a second, as at a budget:
 * running executions finish and commit, nothing new starts, the job ends with exit code 75 and
 * its summary says it stopped on request. Refuses with exit code 2, writing nothing, when the
 * campaign's current job has ended already or no job ever ran.
 */
@Command(name = "stop", header = "Ask a campaign's running job to drain and end; resume carries on.",
        description = "Writes a stop request for the job of the campaign's current epoch into the campaign"
                + " directory (" + StopRequest.FILE + "). Every coordinator of that job looks for it like it checks"
                + " its budget (at most four times a second): it stops claiming and dispatching, gives claimed work"
                + " back, lets the running executions finish and commit, and the job ends with exit code 75, its"
                + " summary saying it stopped on request. The same as the first Ctrl-C (SIGINT) or SIGTERM to"
                + " frontier run or resume, but from another shell and for jobs started by srun too. Returns at"
                + " once; frontier status shows when the job has ended, frontier resume carries on after.",
        mixinStandardHelpOptions = true)
public final class StopCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    JsonOption json;

    @Parameters(index = "0", paramLabel = "CAMPAIGN", description = "The campaign directory.")
    Path campaign;

    /** What {@code --json} prints: the request written and how the job looked when it was. */
    record Requested(String campaign, long epoch, String job, String liveness, String file) {
    }

    @Override
    public Integer call() {
        Requested requested;
        try (OpenCampaign open = OpenCampaign.open(campaign)) {
            EpochRecord epoch = open.store().epoch();
            if (JobName.isInit(epoch.job())) {
                throw new FrontierException("no job of this campaign has run yet; there is nothing to stop")
                        .with("campaign", open.directory().path()).with("epoch", epoch.epoch());
            }
            JobLiveness liveness = JobLiveness.judge(epoch, open.store().heartbeat(), System.currentTimeMillis() / 1000.0);
            if (liveness instanceof JobLiveness.Ended) {
                throw new FrontierException("the campaign's job has ended already; there is nothing to stop")
                        .with("job", liveness.describe()).with("campaign", open.directory().path());
            }
            new StopRequest(epoch.epoch(), "frontier stop, pid " + ProcessHandle.current().pid() + " on "
                    + JobLauncher.hostName()).writeTo(open.directory().path());
            requested = new Requested(open.directory().path().toString(), epoch.epoch(), epoch.job(),
                    liveness.describe(), open.directory().path().resolve(StopRequest.FILE).toString());
            if (liveness instanceof JobLiveness.Silent && !json.enabled()) {
                spec.commandLine().getErr().printf("note: %s; if it still runs, it drains when it reads the request%n",
                        liveness.describe());
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json.enabled()) {
            JsonOption.print(out, requested);
        } else {
            out.printf("stop requested for job %s (epoch %d): it drains (running executions finish and commit,"
                    + " nothing new starts) and ends with exit code 75; frontier resume %s carries on%n",
                    requested.job(), requested.epoch(), requested.campaign());
            out.flush();
        }
        return ExitCodes.OK;
    }
}
