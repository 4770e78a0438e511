package io.frontier.tools;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

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
                .containsPattern("(?m)^\\s+2\\s").containsPattern("(?m)^\\s+70\\s");
    }

    @Test
    void calledBareItPrintsUsageAndSucceeds() {
        CommandRun run = CommandRun.of();

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("Usage: frontier [-hV] [COMMAND]");
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
}
