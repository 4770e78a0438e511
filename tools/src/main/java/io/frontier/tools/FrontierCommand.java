package io.frontier.tools;

import io.frontier.store.error.FrontierException;
import io.frontier.tools.campaign.InitCommand;
import io.frontier.tools.job.RankCommand;
import io.frontier.tools.job.RunCommand;
import io.frontier.tools.mpi.MpiCommand;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The root of the {@code frontier} command; prints its usage when called bare. */
@Command(
        name = "frontier",
        header = "Run and inspect fault-tolerant concolic-execution campaigns.",
        description = "Frontier runs SymCC campaigns across the ranks of one MPI job. Every new input passes"
                + " through a transaction chain before anyone else can see it, so a campaign survives"
                + " crashes and node loss without losing, duplicating or half-publishing a result.",
        mixinStandardHelpOptions = true,
        versionProvider = FrontierVersion.class,
        subcommands = {InitCommand.class, RunCommand.class, RankCommand.class, MpiCommand.class})
public final class FrontierCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(String[] args) {
        System.exit(newCommandLine(new PrintWriter(System.out, true), new PrintWriter(System.err, true))
                .execute(args));
    }

    /**
     * The command line with its output streams and the one place where exceptions become exit
     * codes: a Frontier failure prints its message (not a stack trace) and exits with
     * {@link ExitCodes#USAGE} unless the command chose another code.
     */
    public static CommandLine newCommandLine(PrintWriter out, PrintWriter err) {
        CommandLine commandLine = new CommandLine(new FrontierCommand());
        commandLine.setOut(out);
        commandLine.setErr(err);
        listExitCodes(commandLine);
        commandLine.setExecutionExceptionHandler((exception, failed, parseResult) -> {
            if (exception instanceof FrontierException) {
                failed.getErr().println("frontier: " + exception.getMessage());
                return ExitCodes.USAGE;
            }
            throw exception;
        });
        return commandLine;
    }

    /** Every command's help ends with the same exit code list. */
    private static void listExitCodes(CommandLine commandLine) {
        commandLine.getCommandSpec().usageMessage()
                .exitCodeListHeading("%nExit codes:%n")
                .exitCodeList(ExitCodes.helpSection());
        commandLine.getSubcommands().values().forEach(FrontierCommand::listExitCodes);
    }
}
