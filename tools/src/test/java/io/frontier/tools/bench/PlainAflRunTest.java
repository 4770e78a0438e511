package io.frontier.tools.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlainAflRunTest {

    private static final BenchTarget TARGET = new BenchTarget("parser", Optional.empty(), Path.of("/targets/parser-afl"),
            Path.of("/targets/seeds"), List.of("-q", "@@"));

    @TempDir
    Path directory;

    @Test
    void oneMainInstanceAndASecondaryForEveryOtherWorker() {
        assertThat(PlainAflRun.instanceNames(1)).containsExactly("main");
        assertThat(PlainAflRun.instanceNames(3)).containsExactly("main", "s1", "s2");
    }

    @Test
    void eachInstanceIsAProcessGroupOfItsOwnFuzzingTheAflBuildWithTheCampaignsTimeOut() {
        assertThat(PlainAflRun.command("main", Path.of("/run/seeds"), Path.of("/run/sync"), TARGET)).containsExactly(
                "setsid", "afl-fuzz", "-M", "main", "-i", "/run/seeds", "-o", "/run/sync", "-m", "none", "-t", "1000",
                "--", "/targets/parser-afl", "-q", "@@");
        assertThat(PlainAflRun.command("s1", Path.of("/run/seeds"), Path.of("/run/sync"), TARGET))
                .containsSubsequence("-S", "s1");
    }

    @Test
    void theEnvironmentIsAUsersOnASharedMachineWhateverAflVariablesTheBenchHad() {
        Map<String, String> inherited = Map.of("PATH", "/usr/bin", "AFL_NO_STARTUP_CALIBRATION", "1", "AFL_NO_AFFINITY",
                "1");

        assertThat(PlainAflRun.environment(inherited, true)).containsOnly(Map.entry("PATH", "/usr/bin"),
                Map.entry("AFL_NO_UI", "1"), Map.entry("AFL_SKIP_CPUFREQ", "1"),
                Map.entry("AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES", "1"));
        assertThat(PlainAflRun.environment(inherited, false)).containsEntry("AFL_NO_AFFINITY", "1");
    }

    @Test
    void fuzzerStatsAreReadAsNamedFields() throws Exception {
        Path stats = Files.writeString(directory.resolve("fuzzer_stats"), """
                start_time        : 1796609948
                execs_done        : 14170
                execs_per_sec     : 235.42
                command_line      : afl-fuzz -M main -i seeds -o sync -- demo-afl @@
                """);

        assertThat(PlainAflRun.fuzzerStats(stats)).containsEntry("execs_done", "14170")
                .containsEntry("execs_per_sec", "235.42")
                .containsEntry("command_line", "afl-fuzz -M main -i seeds -o sync -- demo-afl @@");
        assertThat(PlainAflRun.fuzzerStats(directory.resolve("absent"))).isEmpty();
    }
}
