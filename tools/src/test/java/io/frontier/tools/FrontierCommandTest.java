package io.frontier.tools;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.corpus.Digest;
import io.frontier.store.corpus.DigestMismatchException;
import io.frontier.store.corpus.MissingObjectException;
import io.frontier.store.error.CorruptRecordException;
import io.frontier.store.error.FrontierException;
import io.frontier.store.kv.DamagedStoreException;
import io.frontier.store.kv.MissingStoreException;
import io.frontier.store.kv.NotAStoreFileException;
import io.frontier.store.kv.ReadOnlyStoreException;
import io.frontier.store.kv.TransactionOutcomeUnknownException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class FrontierCommandTest {

    @Test
    void versionNamesTheBuiltVersionAndTheJavaRuntime() {
        CommandRun run = CommandRun.of("--version");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).containsPattern("frontier \\d+\\.\\d+\\.\\d+").contains("Java " + System.getProperty("java.version"));
        assertThat(run.out()).doesNotContain("${project.version}");
    }

    @Test
    void helpListsTheSubcommandsAndEveryExitCode() {
        CommandRun run = CommandRun.of("--help");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("Usage: frontier", "mpi", "Exit codes:");
        assertThat(run.out()).containsPattern("(?m)^\\s+0\\s").containsPattern("(?m)^\\s+1\\s")
                .containsPattern("(?m)^\\s+2\\s").containsPattern("(?m)^\\s+70\\s")
                .containsPattern("(?m)^\\s+75\\s").containsPattern("(?m)^\\s+130\\s");
    }

    @Test
    void eachExitCodeHasItsOwnMeaningAndAStoppedJobIsNotAQuiescentOne() {
        List<Integer> codes = List.of(ExitCodes.OK, ExitCodes.INVALID_RESULTS, ExitCodes.USAGE,
                ExitCodes.CONTROL_FAILURE, ExitCodes.STOPPED, ExitCodes.ENDED_AT_ONCE);

        assertThat(codes).doesNotHaveDuplicates();
        assertThat(ExitCodes.STOPPED).isEqualTo(75);
        String help = CommandRun.of("run", "--help").out().replaceAll("\\s+", " ");
        assertThat(help).contains("75 run/resume: the job stopped early (budget, stop signal, frontier stop,"
                + " --max-time); frontier resume carries on");
    }

    @Test
    void anUnexpectedErrorIsAControlFailureSaidToBeABugNotAStatusThatMeansSomethingElse() throws Exception {
        CommandLine line = FrontierCommand.newCommandLine(new PrintWriter(new StringWriter()),
                new PrintWriter(new StringWriter()));
        StringWriter err = new StringWriter();
        line.setErr(new PrintWriter(err, true));

        int exitCode = line.getExecutionExceptionHandler().handleExecutionException(
                new IllegalStateException("broken invariant"), line, null);

        assertThat(exitCode).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(err.toString()).contains("internal error, a bug in Frontier", "broken invariant");
    }

    @Test
    void calledBareItIsAUsageErrorWithTheUsageOnStandardError() {
        CommandRun run = CommandRun.of();

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("missing subcommand", "Usage: frontier [-hV] [COMMAND]");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void aParentCommandWithoutItsSubcommandIsAUsageError() {
        for (String parent : List.of("manifest", "corpus", "mpi")) {
            CommandRun run = CommandRun.of(parent);

            assertThat(run.exitCode()).as(parent).isEqualTo(ExitCodes.USAGE);
            assertThat(run.err()).as(parent).contains("missing subcommand", "Usage: frontier " + parent);
            assertThat(run.out()).as(parent).isEmpty();
        }
    }

    @Test
    void anUnknownOptionIsAUsageErrorNamingTheOption() {
        CommandRun run = CommandRun.of("--no-such-option");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("--no-such-option");
    }

    @Test
    void subcommandHelpAlsoListsExitCodes() {
        CommandRun run = CommandRun.of("mpi", "check", "--help");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("--ranks", "--json", "Exit codes:");
    }

    @Test
    void theRankCommandAloneParsesAndFailsAsItDoesUnderTheWholeCommandLine() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine rank = FrontierCommand.rankCommandLine(new PrintWriter(out, true), new PrintWriter(err, true));

        int help = rank.execute("--help");
        int unknown = rank.execute("--no-such-option");
        CommandRun whole = CommandRun.of("rank", "--no-such-option");

        assertThat(help).isZero();
        assertThat(out.toString()).contains("Usage: frontier rank", "Exit codes:");
        assertThat(unknown).isEqualTo(ExitCodes.USAGE).isEqualTo(whole.exitCode());
        assertThat(err.toString()).isEqualTo(whole.err()).contains("Usage: frontier rank");
    }

    @Test
    void everyCommandsHelpHasAnInstructionHeaderAndListsEveryExitCode() {
        List<List<String>> paths = new ArrayList<>();
        collect(FrontierCommand.newCommandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter())),
                new ArrayList<>(), paths);
        assertThat(paths).extracting(path -> String.join(" ", path)).contains("init", "status", "manifest list",
                "manifest show", "manifest verify", "leases", "findings", "report", "corpus fsck", "replay", "resume",
                "campaign set");
        for (List<String> path : paths) {
            List<String> args = new ArrayList<>(path);
            args.add("--help");
            CommandRun run = CommandRun.of(args.toArray(String[]::new));

            assertThat(run.exitCode()).as(String.join(" ", args)).isZero();
            String header = run.out().lines().findFirst().orElse("");
            assertThat(header).as("header of %s", path).matches("[A-Z][a-z]+ .+\\.");
            assertThat(run.out()).as("exit codes of %s", path).contains("Exit codes:")
                    .containsPattern("(?m)^\\s+2\\s").containsPattern("(?m)^\\s+70\\s");
        }
    }

    @Test
    void everyReadCommandOffersJson() {
        for (String command : List.of("status", "manifest list", "manifest show", "manifest verify", "leases",
                "findings", "report", "corpus fsck", "replay")) {
            List<String> args = new ArrayList<>(List.of(command.split(" ")));
            args.add("--help");

            assertThat(CommandRun.of(args.toArray(String[]::new)).out()).as(command).contains("--json");
        }
    }

    @Test
    void aCorruptOrMissingObjectOrAnUnreadableRecordIsAControlFailureAndAnythingElseAUsageError() {
        DigestMismatchException corrupt = DigestMismatchException.of(Path.of("/campaign/corpus/x"),
                Digest.parse("0".repeat(64)), Digest.parse("1".repeat(64)));

        assertThat(FrontierCommand.exitCodeOf(corrupt)).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(FrontierCommand.exitCodeOf(MissingObjectException.of(Path.of("/campaign/corpus/x"))))
                .isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(FrontierCommand.exitCodeOf(new CorruptRecordException("bad"))).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(FrontierCommand.exitCodeOf(new DamagedStoreException("bad", null))).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(FrontierCommand.exitCodeOf(new MissingStoreException("gone"))).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(FrontierCommand.exitCodeOf(new NotAStoreFileException("other"))).isEqualTo(ExitCodes.USAGE);
        assertThat(FrontierCommand.exitCodeOf(new ReadOnlyStoreException("read-only"))).isEqualTo(ExitCodes.USAGE);
        assertThat(FrontierCommand.exitCodeOf(new FrontierException("bad"))).isEqualTo(ExitCodes.USAGE);
    }

    @Test
    void aStoreOperationWhoseOutcomeStayedUnknownIsAControlFailureThatSaysSo() {
        TransactionOutcomeUnknownException unknown = new TransactionOutcomeUnknownException(
                "transaction may or may not have committed", null);

        assertThat(FrontierCommand.exitCodeOf(unknown)).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(CommandRun.of("--help").out().replaceAll("\\s+", " ")).contains("store outcome unknown");
    }

    /** Every command path below {@code line} (not the root itself), depth first. */
    private static void collect(CommandLine line, List<String> path, List<List<String>> paths) {
        for (Map.Entry<String, CommandLine> sub : line.getSubcommands().entrySet()) {
            List<String> subPath = new ArrayList<>(path);
            subPath.add(sub.getKey());
            paths.add(subPath);
            collect(sub.getValue(), subPath, paths);
        }
    }
}
