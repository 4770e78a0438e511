package io.frontier.tools;

import io.frontier.store.corpus.CorruptObjectException;
import io.frontier.store.corpus.MissingObjectException;
import io.frontier.store.error.FrontierException;
import io.frontier.store.error.UnreadableRecordException;
import io.frontier.store.kv.DamagedStoreException;
import io.frontier.store.kv.MissingStoreException;
import io.frontier.store.kv.TransactionOutcomeUnknownException;
import io.frontier.tools.campaign.CampaignCommand;
import io.frontier.tools.campaign.InitCommand;
import io.frontier.tools.corpus.CorpusCommand;
import io.frontier.tools.finding.FindingsCommand;
import io.frontier.tools.job.RankCommand;
import io.frontier.tools.job.ResumeCommand;
import io.frontier.tools.job.RunCommand;
import io.frontier.tools.job.StopCommand;
import io.frontier.tools.lease.LeasesCommand;
import io.frontier.tools.manifest.ManifestCommand;
import io.frontier.tools.mpi.MpiCommand;
import io.frontier.tools.replay.ReplayCommand;
import io.frontier.tools.report.ReportCommand;
import io.frontier.tools.status.StatusCommand;
import java.io.PrintWriter;
import java.util.Arrays;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The root of the {@code frontier} command; called bare, it is a usage error (usage on stderr, exit 2). */
@Command(
        name = "frontier",
        header = "Run and inspect fault-tolerant fuzzing campaigns: SymCC, AFL++ or both.",
        description = "Frontier runs fuzzing campaigns (SymCC, AFL++, or both together) across the ranks of one MPI"
                + " job. Every new input passes through a transaction chain before anyone else can see it, so a"
                + " campaign survives crashes and node loss without losing, duplicating or half-publishing a result.",
        mixinStandardHelpOptions = true,
        versionProvider = FrontierVersion.class,
        subcommands = {InitCommand.class, CampaignCommand.class, RunCommand.class, ResumeCommand.class, StopCommand.class,
            RankCommand.class, StatusCommand.class, ManifestCommand.class, LeasesCommand.class, FindingsCommand.class,
            ReportCommand.class, CorpusCommand.class, ReplayCommand.class, MpiCommand.class})
public final class FrontierCommand implements Runnable {

    /** The subcommand mpirun and srun start every rank with. */
    private static final String RANK = "rank";

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw SubcommandRequired.of(spec);
    }

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        if (args.length > 0 && args[0].equals(RANK)) {
            System.exit(rankCommandLine(out, err).execute(Arrays.copyOfRange(args, 1, args.length)));
        }
        System.exit(newCommandLine(out, err).execute(args));
    }

    /**
     * The command line with its output streams and the one place where exceptions become exit
     * codes: a Frontier failure prints its message (not a stack trace) and exits with
     * {@link ExitCodes#CONTROL_FAILURE} if it is damage to the campaign's own data or a store
     * operation of unknown outcome ({@link #exitCodeOf}), else with {@link ExitCodes#USAGE}. Any
     * other exception is a bug: it is said to be one, with its stack trace, and exits with
     * {@link ExitCodes#CONTROL_FAILURE}, never with a status that means something else.
     */
    public static CommandLine newCommandLine(PrintWriter out, PrintWriter err) {
        return configured(new CommandLine(new FrontierCommand()), out, err);
    }

    /**
     * {@code frontier rank} alone, configured as in {@link #newCommandLine}: every rank of every
     * job starts with it, and building the model of every command took a rank's JVM about 0.8 s
     * of its start (0.3 s for this one), on each of a job's ranks at once.
     */
    static CommandLine rankCommandLine(PrintWriter out, PrintWriter err) {
        CommandLine rank = configured(new CommandLine(new RankCommand()), out, err);
        rank.setCommandName("frontier " + RANK);
        return rank;
    }

    private static CommandLine configured(CommandLine commandLine, PrintWriter out, PrintWriter err) {
        commandLine.setOut(out);
        commandLine.setErr(err);
        listExitCodes(commandLine);
        commandLine.setExecutionExceptionHandler((exception, failed, parseResult) -> {
            if (exception instanceof FrontierException failure) {
                failed.getErr().println("frontier: " + exception.getMessage());
                return exitCodeOf(failure);
            }
            failed.getErr().println("frontier: internal error, a bug in Frontier (please report it with what"
                    + " follows): " + exception);
            exception.printStackTrace(failed.getErr());
            return ExitCodes.CONTROL_FAILURE;
        });
        return commandLine;
    }

    /**
     * Damage to the campaign's own data (a corrupt or missing corpus object, an unreadable
     * record, a damaged or missing store file) is for an operator to look at, not a usage error;
     * so is a store operation whose outcome stayed unknown after the campaign store ran it again
     * (its message says that running it again, or {@code frontier resume}, finishes it).
     */
    static int exitCodeOf(FrontierException failure) {
        if (failure instanceof CorruptObjectException || failure instanceof MissingObjectException
                || failure instanceof UnreadableRecordException || failure instanceof DamagedStoreException
                || failure instanceof MissingStoreException || failure instanceof TransactionOutcomeUnknownException) {
            return ExitCodes.CONTROL_FAILURE;
        }
        return ExitCodes.USAGE;
    }

    /** Every command's help ends with the same exit code list. */
    private static void listExitCodes(CommandLine commandLine) {
        commandLine.getCommandSpec().usageMessage()
                .exitCodeListHeading("%nExit codes:%n")
                .exitCodeList(ExitCodes.helpSection());
        commandLine.getSubcommands().values().forEach(FrontierCommand::listExitCodes);
    }
}
