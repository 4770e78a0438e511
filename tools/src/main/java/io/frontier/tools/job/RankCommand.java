package io.frontier.tools.job;

import io.frontier.tools.campaign.CampaignDirectory;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code frontier rank}: the entry point mpirun or srun starts on every rank of a job. Ranks
 * below the campaign's coordinator count coordinate; the others work. The process exits with the
 * job's verdict (see the exit codes).
 */
@Command(name = "rank", header = "Run one rank of a campaign job (started by mpirun or srun, not by hand).",
        description = "Every rank of the job runs this with the same campaign directory. Rank 0 is the root"
                + " coordinator; ranks below the campaign's coordinator count coordinate, the rest are workers"
                + " dealt to the coordinators in turn.",
        mixinStandardHelpOptions = true)
public final class RankCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "CAMPAIGN", description = "The campaign directory (on the shared filesystem).")
    Path campaign;

    @Override
    public Integer call() {
        return RankProcess.run(new CampaignDirectory(campaign));
    }
}
