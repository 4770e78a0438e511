package io.frontier.tools.campaign;

import io.frontier.tools.SubcommandRequired;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code frontier campaign}: administration of an existing campaign directory. */
@Command(name = "campaign", header = "Administer an existing campaign: change its settings.",
        mixinStandardHelpOptions = true, subcommands = {CampaignSetCommand.class})
public final class CampaignCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw SubcommandRequired.of(spec);
    }
}
