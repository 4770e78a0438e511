package io.frontier.worker.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MpiJobLauncherTest {

    private static final MpiInstallation INSTALLATION =
            new MpiInstallation(Path.of("/opt/mpi/bin/mpirun"), Path.of("/opt/mpi/lib"), "4.1.4");
    private static final Path PRLIMIT = Path.of("/usr/bin/prlimit");
    private static final MpiJobSpec THREE_RANKS =
            new MpiJobSpec(3, "a.jar:b.jar", List.of("-Xmx64m"), "org.example.Main", List.of("x", "y"),
                    Map.of("B_VAR", "2", "A_VAR", "1"));

    @Test
    void rootMayRunOnlyWhenThisProcessIsRoot() {
        assertThat(new MpiJobLauncher(INSTALLATION, PRLIMIT, true, 8).command(THREE_RANKS)).contains("--allow-run-as-root");
        assertThat(new MpiJobLauncher(INSTALLATION, PRLIMIT, false, 8).command(THREE_RANKS)).doesNotContain("--allow-run-as-root");
    }

    @Test
    void oversubscribesOnlyWhenRanksExceedCores() {
        assertThat(new MpiJobLauncher(INSTALLATION, PRLIMIT, false, 2).command(THREE_RANKS)).contains("--oversubscribe");
        assertThat(new MpiJobLauncher(INSTALLATION, PRLIMIT, false, 3).command(THREE_RANKS)).doesNotContain("--oversubscribe");
    }

    @Test
    void ranksLoadTheJniLibraryOfTheInstallationAndRunTheMainClassWithItsArguments() {
        List<String> command = new MpiJobLauncher(INSTALLATION, PRLIMIT, false, 8).command(THREE_RANKS);

        assertThat(command.get(0)).isEqualTo("/opt/mpi/bin/mpirun");
        assertThat(command).containsSequence("-np", "3");
        assertThat(command).contains("-Djava.library.path=/opt/mpi/lib");
        assertThat(command).as("ranks and the executors they start dump no core")
                .containsSequence("/usr/bin/prlimit", "--core=0", "--", Path.of(System.getProperty("java.home"), "bin",
                        "java").toString());
        assertThat(command).containsSequence("-Xmx64m", "-cp", MpiJobLauncher.absoluteClasspath("a.jar:b.jar"),
                "org.example.Main", "x", "y");
        assertThat(command.subList(command.size() - 3, command.size())).containsExactly("org.example.Main", "x", "y");
    }

    @Test
    void everyRankGetsTheJobsEnvironmentThroughMpirunInNameOrder() {
        List<String> command = new MpiJobLauncher(INSTALLATION, PRLIMIT, false, 8).command(THREE_RANKS);

        assertThat(command).containsSequence("-x", "A_VAR=1", "-x", "B_VAR=2");
        assertThat(command.indexOf("-x")).isLessThan(command.indexOf("-cp"));
    }

    @Test
    void relativeClasspathEntriesBecomeAbsoluteBecauseRanksStartElsewhere() {
        String classpath = MpiJobLauncher.absoluteClasspath("lib/a.jar:/opt/b.jar");

        assertThat(classpath.split(":")).containsExactly(
                Path.of("lib/a.jar").toAbsolutePath().normalize().toString(), "/opt/b.jar");
    }

    @Test
    void aJobNeedsAtLeastOneRank() {
        assertThatThrownBy(() -> new MpiJobSpec(0, "cp", List.of(), "Main", List.of(), Map.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one rank");
    }
}
