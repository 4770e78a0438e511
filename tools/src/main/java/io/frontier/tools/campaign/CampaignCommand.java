package io.frontier.tools.campaign;

import io.frontier.tools.ExitCodes;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code frontier campaign}: commands that change a campaign itself rather than run or inspect
 * it. Called without a subcommand it prints its usage on standard error and exits with the usage
 * code.
 */
@Command(name = "campaign", header = "Change a campaign itself: its identity.",
        mixinStandardHelpOptions = true, subcommands = {AdoptCommand.class})
public final class CampaignCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCodes.USAGE;
    }
}
