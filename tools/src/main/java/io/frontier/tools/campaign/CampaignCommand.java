package io.frontier.tools.campaign;

import io.frontier.tools.SubcommandRequired;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code frontier campaign}: commands that show or change a campaign itself rather than run or
 * inspect it. Called without a subcommand it prints its usage on standard error and exits with the usage
 * code.
 */
@Command(name = "campaign", header = "Show or change a campaign itself: its settings and its identity.",
        mixinStandardHelpOptions = true, subcommands = {CampaignShowCommand.class, CampaignSetCommand.class, AdoptCommand.class})
public final class CampaignCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw SubcommandRequired.of(spec);
    }
}
