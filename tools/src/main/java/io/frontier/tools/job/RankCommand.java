package io.frontier.tools.job;

import io.frontier.tools.ExitCodes;
import io.frontier.tools.campaign.CampaignDirectory;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code frontier rank}: the entry point mpirun starts on every rank of a job that
 * {@code frontier run} or {@code frontier resume} launched, or another MPI launcher (srun) starts
 * after {@code frontier resume --fence-only}. Ranks below the campaign's
 * coordinator count coordinate; the others work. The process exits with the job's verdict (see
 * the exit codes).
 */
@Command(name = "rank", header = "Run one rank of a campaign job, as mpirun or srun starts it.",
        description = "Every rank of the job runs this with the same campaign directory and the epoch the"
                + " launching command moved the campaign to. Rank 0 is the root coordinator and beats the"
                + " job's heartbeat; ranks below the campaign's coordinator count coordinate, the rest are"
                + " workers dealt to the coordinators in turn. frontier run and resume start every rank with"
                + " mpirun. To start the ranks with another MPI launcher (e.g. srun), fence the previous job"
                + " first with `frontier resume CAMPAIGN --fence-only`, which prints the new epoch, and start"
                + " all ranks within a minute with `frontier rank CAMPAIGN --epoch <that epoch>`: one job, one"
                + " epoch, every rank of it at once. Never start a rank alone or with an epoch you did not just"
                + " fence: a rank of an older epoch is refused at its first store write.",
        mixinStandardHelpOptions = true)
public final class RankCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CAMPAIGN", description = "The campaign directory (on the shared filesystem).")
    Path campaign;

    @Option(names = "--epoch", paramLabel = "EPOCH", required = true,
            description = "The job's epoch, as the launching command fenced the previous job with.")
    long epoch;

    @Option(names = "--heartbeat-interval", paramLabel = "MS", defaultValue = "" + JobOptions.DEFAULT_HEARTBEAT_MILLIS,
            description = "Milliseconds between root's heartbeats (default: ${DEFAULT-VALUE}).")
    long heartbeatMillis;

    /**
     * What frontier run and resume pass their ranks: a drained job's ranks exit 0, not 75, and
     * the launcher takes the 75 from root's summary. mpirun reports any rank's non-zero exit as
     * an aborted job, in a box of text on the terminal, which a budget reached is not.
     */
    static final String STOPPED_IN_SUMMARY = "--stopped-in-summary";

    @Option(names = STOPPED_IN_SUMMARY, hidden = true,
            description = "Exit 0 when the job drained (the launcher reads 75 from root's summary).")
    boolean stoppedInSummary;

    @Mixin
    BudgetOptions budget = new BudgetOptions();

    @Mixin
    CorpusAuditOption audit = new CorpusAuditOption();

    @Override
    public Integer call() {
        JobOptions.HEARTBEAT_MILLIS.requireOption(spec, "--heartbeat-interval", heartbeatMillis);
        budget.validate(spec);
        int verdict = RankProcess.run(new CampaignDirectory(campaign), epoch, heartbeatMillis, budget.budget(),
                audit.scope());
        return stoppedInSummary && verdict == ExitCodes.STOPPED ? ExitCodes.OK : verdict;
    }
}
