package io.frontier.tools.job;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.frontier.store.corpus.Digest;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.record.WorkState;
import io.frontier.tools.ExitCodes;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Budgets with real mpirun: a job that reaches its budget drains (running executions commit,
 * claimed work goes back to pending), ends with exit 75 (stopped, resumable), and the next job finishes the campaign
 * with every input executed exactly once.
 */
@Tag("mpi")
class BudgetIT {

    private static final int SEEDS = 24;
    /** Each worker holds up to two assignments, so a budget overshoots by at most twice this. */
    private static final int WORKERS = 3;

    @TempDir
    Path directory;

    @Test
    @Timeout(300)
    void anExecutionBudgetDrainsTheJobAndResumeFinishesEveryInputOnce() throws Exception {
        CampaignHarness campaign = new CampaignHarness(directory, List.of("--children", "none", "--sleep-ms", "150"));
        List<Digest> seeds = campaign.addSeeds(SEEDS);

        CampaignHarness.Run first = campaign.run(1, WORKERS, "--budget-executions", "6");

        assertThat(first.exitCode()).as("stopped, resumable: %s", first.err()).isEqualTo(ExitCodes.STOPPED);
        long done = campaign.counts().get(Counter.DONE);
        assertThat(done).as("stops at the budget, overshooting by at most the executions dispatched then")
                .isBetween(6L, 6L + 2 * WORKERS);
        assertThat(campaign.counts().get(Counter.LEASED)).as("claimed work went back to pending").isZero();
        assertThat(campaign.counts().get(Counter.COMMITTING)).isZero();
        assertThat(campaign.counts().get(Counter.PENDING)).isEqualTo(SEEDS - done);
        assertThat(campaign.stageDirectories()).isEmpty();
        JsonNode summary = campaign.summary(1);
        assertThat(summary.get("ending").asText()).isEqualTo("COMMITTED");
        assertThat(summary.get("reason").asText()).contains("budget").contains("execution budget used up");
        assertThat(summary.get("totals").get("budgetStops").asLong()).isEqualTo(1);
        assertThat(campaign.ledger().manifest()).hasSize((int) done);

        CampaignHarness.Run second = campaign.resume();

        assertThat(second.exitCode()).as(second.err()).isEqualTo(ExitCodes.OK);
        assertThat(campaign.summary(2).get("reason").asText()).contains("quiescence");
        for (Digest seed : seeds) {
            WorkRecord record = campaign.work(seed);
            assertThat(record.state()).isEqualTo(WorkState.DONE);
            assertThat(record.attempts()).as("executed once: %s", seed).isEqualTo(1);
        }
        Map<Digest, Long> executions = campaign.ledger().manifest().stream()
                .collect(Collectors.groupingBy(entry -> entry.head().work(), Collectors.counting()));
        assertThat(executions).hasSize(SEEDS).allSatisfy((work, count) -> assertThat(count).isEqualTo(1));
    }

    @Test
    @Timeout(300)
    void aWallTimeBudgetEndsTheJobCleanlyLongBeforeTheWorkIsDone() throws Exception {
        // The budget counts from the coordinator's start, so the first dispatch must come well within
        // it however slowly the ranks start; and within the budget plus the drain the three workers
        // cannot run more than (10 + 2) one-second executions each, fewer than the seeds.
        int seeds = 60;
        CampaignHarness campaign = new CampaignHarness(directory, List.of("--children", "none", "--sleep-ms", "1000"));
        campaign.addSeeds(seeds);

        CampaignHarness.Run run = campaign.run(1, WORKERS, "--budget-time", "10");

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.STOPPED);
        long done = campaign.counts().get(Counter.DONE);
        assertThat(done).as("some but not all of %d one-second executions", seeds).isBetween(1L, seeds - 1L);
        assertThat(campaign.counts().get(Counter.PENDING)).isEqualTo(seeds - done);
        assertThat(campaign.counts().get(Counter.LEASED) + campaign.counts().get(Counter.COMMITTING)).isZero();
        assertThat(campaign.summary(1).get("reason").asText()).contains("wall-time budget of 10 s used up");
        assertThat(campaign.stageDirectories()).isEmpty();
    }
}
