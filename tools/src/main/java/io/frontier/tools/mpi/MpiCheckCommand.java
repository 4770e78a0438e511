package io.frontier.tools.mpi;

import io.frontier.store.corpus.fs.FileTrees;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.JsonOption;
import io.frontier.worker.link.LinkCheck;
import io.frontier.worker.link.MpiInstallation;
import io.frontier.worker.link.MpiJobLauncher;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code frontier mpi check}: starts a real MPI job in which rank 0 (a coordinator) exchanges
 * Jackson-encoded messages with every other rank (workers) through the Java bindings.
 */
@Command(name = "check", header = "Run a small MPI job that proves mpirun and the Java bindings work here.",
        description = "Starts the given number of ranks with mpirun. Rank 0 sends a ping to every other rank,"
                + " each answers, and every rank reports what it received. Exits 0 when every message"
                + " arrived intact, 2 otherwise, keeping the ranks' reports and mpirun's log for inspection.",
        mixinStandardHelpOptions = true)
public final class MpiCheckCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    JsonOption json;

    @Option(names = "--ranks", defaultValue = "3", description = "Ranks to start, at least 2 (default: ${DEFAULT-VALUE}).")
    int ranks;

    @Option(names = "--timeout", defaultValue = "30",
            description = "Seconds a rank waits for one message before it fails (default: ${DEFAULT-VALUE}).")
    long timeoutSeconds;

    @Option(names = "--directory", description = "Keep the ranks' reports and mpirun's log here (default: a temporary directory, removed after success).")
    Path directory;

    /** The result, also printed with {@code --json}. */
    record Report(boolean passed, int ranks, String openMpiVersion, long elapsedMillis, List<String> problems,
                  String directory) {
    }

    @Override
    public Integer call() throws IOException {
        if (ranks < 2) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--ranks must be at least 2, got " + ranks);
        }
        MpiInstallation installation = MpiInstallation.discover();
        Path workDirectory = directory != null ? directory : Files.createTempDirectory("frontier-mpi-check-");
        LinkCheck check = new LinkCheck(MpiJobLauncher.forThisMachine(installation), ownClasspath());
        PrintWriter err = spec.commandLine().getErr();
        if (!json.enabled()) {
            err.printf("starting %d ranks with %s (Open MPI %s)%n", ranks, installation.mpirun(), installation.version());
        }
        LinkCheck.Outcome outcome = check.run(ranks, workDirectory, Duration.ofSeconds(timeoutSeconds));
        boolean kept = directory != null || !outcome.passed();
        if (!kept) {
            FileTrees.delete(workDirectory);
        }
        Report report = new Report(outcome.passed(), ranks, installation.version(), outcome.elapsed().toMillis(),
                outcome.problems(), kept ? workDirectory.toString() : null);
        PrintWriter out = spec.commandLine().getOut();
        if (json.enabled()) {
            JsonOption.print(out, report);
        } else if (outcome.passed()) {
            out.printf("mpi check passed: %d ranks exchanged every message in %d ms%n", ranks, report.elapsedMillis());
        } else {
            out.printf("mpi check FAILED (%d ranks); reports and log kept in %s%n", ranks, workDirectory);
            outcome.problems().forEach(problem -> out.println("  " + problem));
        }
        out.flush();
        return outcome.passed() ? ExitCodes.OK : ExitCodes.USAGE;
    }

    /** The classpath that holds this command, so the ranks run the same code. */
    private static String ownClasspath() {
        return System.getProperty("java.class.path");
    }
}
