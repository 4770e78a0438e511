package io.frontier.tools.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.tools.CommandRun;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.TestCampaign;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every job and creation option is checked against its range before anything is created or
 * fenced: a value out of range is a usage error (exit 2) naming the option, the value and the
 * allowed range, without a stack trace, and the corrected command then works.
 */
class JobOptionRangesTest {

    @TempDir
    Path root;

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "--budget-time, -1, '0 to 3,153,600,000 seconds (0: no limit)'",
        "--budget-executions, -5, '0 to 9,223,372,036,854,775,807 executions (0: no limit)'",
        "--budget-corpus, -1, '0 to 9,223,372,036,854,775,807 inputs (0: no limit)'",
        "--max-time, 0, '1 to 3,153,600,000 seconds'",
        "--heartbeat-interval, 0, '100 to 3,600,000 ms'",
        "--workers, 2147483647, '1 to 65,535 workers'",
        "--workers, 0, '1 to 65,535 workers'",
        "--lease, 1, '2,000 to 86,400,000 ms'",
        "--time-limit, 0, '1 to 604,800,000 ms'",
        "--coordinators, 0, '1 to 1,024 coordinators'",
        "--idle-window, -1, '0 to 60,000 ms'",
        "--buckets, 70000, '1 to 65,536 buckets'",
        "--max-attempts, 0, '1 to 1,000 attempts'",
        "--time-limit-cap, 0, '1 to 1,024 times --time-limit (1: never retried)'",
        "--repeats, -1, '0 to 1,000 runs (0: none)'"
    })
    void anOptionOutOfRangeIsRefusedNamingItsRangeBeforeTheCampaignIsCreated(String option, String value,
                                                                            String range) {
        TestCampaign.prepare(root);
        Path campaign = root.resolve("campaign");

        CommandRun run = CommandRun.of(runNew(campaign, option, value).toArray(String[]::new));

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains(option + " " + value + " is out of range: allowed " + range)
                .doesNotContain("Exception", "\tat ");
        assertThat(campaign).as("nothing created").doesNotExist();
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"--budget-time, -1", "--max-time, 0", "--heartbeat-interval, 0", "--workers, 2147483647",
        "--budget-executions, -1"})
    void anOptionOutOfRangeIsRefusedBeforeAJobIsFencedAndTheCorrectedCommandWorks(String option, String value) {
        TestCampaign.create(root).close();
        String campaign = root.resolve("campaign").toString();

        CommandRun refused = CommandRun.of("resume", campaign, "--fence-only", option, value);
        CommandRun corrected = CommandRun.of("resume", campaign, "--fence-only");

        assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(ExitCodes.USAGE);
        assertThat(refused.err()).contains(option + " " + value + " is out of range");
        assertThat(corrected.exitCode()).as(corrected.toString()).isZero();
        assertThat(corrected.out()).as("the refused command fenced no job").isEqualTo("2\n");
    }

    @Test
    void theRankOfAJobChecksItsOptionsToo() {
        CommandRun rank = CommandRun.of("rank", root.toString(), "--epoch", "2", "--budget-time", "-1");

        assertThat(rank.exitCode()).as(rank.toString()).isEqualTo(ExitCodes.USAGE);
        assertThat(rank.err()).contains("--budget-time -1 is out of range");
    }

    @Test
    void theHelpOfTheLeaseOptionSaysItsMinimumAndWhy() {
        CommandRun help = CommandRun.of("init", "--help");

        assertThat(help.out().replaceAll("\\s+", " ")).contains("--lease=MS", "2,000 to 86,400,000", "At least 2,000",
                "renews its leases every third");
    }

    private List<String> runNew(Path campaign, String option, String value) {
        List<String> args = new ArrayList<>(List.of("run", campaign.toString(), "--seeds", root.resolve("seeds").toString(),
                "--executor", root.resolve("executor.json").toString()));
        args.addAll(List.of(option, value));
        return args;
    }
}
