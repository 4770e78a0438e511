package io.frontier.tools.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.campaign.CommitRequest;
import io.frontier.store.campaign.ItemResult;
import io.frontier.store.campaign.Lease;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.WorkPayload;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.wire.Execution;
import io.frontier.store.wire.FindingKind;
import io.frontier.tools.CommandRun;
import io.frontier.tools.TestCampaign;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code frontier report} on a campaign driven through the real store, corpus and commit chain. */
class ReportCommandTest {

    @TempDir
    Path root;

    TestCampaign campaign;

    @BeforeEach
    void create() {
        campaign = TestCampaign.create(root);
    }

    @AfterEach
    void close() {
        campaign.close();
    }

    /**
     * A seed whose child has a child, committed by Alice, whose one child crashed the target (a
     * finding), a second seed committed by Bob and left open, and the summary of the job.
     */
    private void twoGenerations() {
        campaign.done("seed", "child");
        WorkRecord child = campaign.claimAll(TestCampaign.ALICE).get(TestCampaign.idOf("child"));
        campaign.commit(child, "grandchild");
        campaign.finish(child.id());
        WorkRecord grandchild = campaign.claimAll(TestCampaign.ALICE).get(TestCampaign.idOf("grandchild"));
        campaign.finding(grandchild, "crashing input", "signal:11", FindingKind.CRASH, 11, "symcc");
        campaign.commit(campaign.leased("other seed", TestCampaign.BOB), "open child");
        campaign.writeSummary(campaign.epoch, Map.of(0, Map.of("executions", 4L, "childrenGenerated", 4L)),
                Map.of(1, Map.of("executionMillis", 500L, "triageMillis", 0L, "wallMillis", 1000L)));
    }

    @Test
    void theReportGoesToReportsByDefaultAndThePathIsPrinted() throws IOException {
        twoGenerations();

        CommandRun run = campaign.cli("report");

        Path page = campaign.directory.resolve("reports").resolve("report.html");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).isEqualTo(page + System.lineSeparator());
        String html = Files.readString(page);
        assertThat(html).contains("<svg id=\"edges-over-time\"", "<svg id=\"executions-over-time\"",
                "<svg id=\"depth-over-time\"", "<svg id=\"depth-distribution\"", "<svg id=\"load-per-coordinator\"",
                "<th>Executions (committed results)</th><td class=\"num\">4</td>",
                "<th>Deepest frontier depth executed</th><td class=\"num\">2</td>",
                "<td>" + TestCampaign.ALICE.name() + "</td><td class=\"num\">3</td>",
                "<td>" + TestCampaign.BOB.name() + "</td><td class=\"num\">1</td>", "<code>signal:11</code>",
                "No committed child reached an edge first");
        try (Stream<Path> files = Files.list(page.getParent())) {
            assertThat(files.map(file -> file.getFileName().toString()))
                    .as("no temporary file left").containsExactlyInAnyOrder("report.html", "summary-epoch-1.json");
        }
    }

    @Test
    void jsonPrintsTheFiguresThePageWasDrawnFrom() {
        twoGenerations();
        Path output = root.resolve("elsewhere.html");

        CommandRun run = campaign.cli("report", "--json", "--output", output.toString());

        assertThat(run.exitCode()).as(run.toString()).isZero();
        JsonNode data = run.json();
        assertThat(data.get("page").asText()).isEqualTo(output.toString());
        assertThat(output).isRegularFile();
        JsonNode summary = data.get("summary");
        assertThat(summary.get("executions").asLong()).isEqualTo(4);
        assertThat(summary.get("open").asLong()).isEqualTo(1);
        assertThat(summary.get("done").asLong()).isEqualTo(3);
        assertThat(summary.get("childrenGenerated").asLong()).isEqualTo(4);
        assertThat(summary.get("childrenAdmitted").asLong()).isEqualTo(3);
        assertThat(summary.get("childrenFindings").asLong()).isEqualTo(1);
        assertThat(summary.get("states").get("done").asLong()).isEqualTo(3);
        assertThat(summary.get("states").get("pending").asLong()).as("grandchild's child is a finding, never queued; open child not yet").isZero();
        assertThat(summary.get("findings").asLong()).isEqualTo(1);
        assertThat(summary.get("findingsCounted").asLong()).isEqualTo(1);
        assertThat(summary.get("maxDepth").asInt()).isEqualTo(2);
        assertThat(data.get("depths").toString()).isEqualTo(
                "[{\"depth\":0,\"executions\":2},{\"depth\":1,\"executions\":1},{\"depth\":2,\"executions\":1}]");
        assertThat(data.get("load").get(0).get("coordinator").asText()).isEqualTo(TestCampaign.ALICE.name());
        assertThat(data.get("load").get(0).get("executions").asLong()).isEqualTo(3);
        JsonNode points = data.get("timeline").get("points");
        assertThat(points.get(points.size() - 1).get("totalExecutions").asLong()).isEqualTo(4);
        assertThat(data.get("findings").get(0).get("signature").asText()).isEqualTo("signal:11");
        assertThat(data.get("jobs").get(0).get("totals").get("executions").asLong()).isEqualTo(4);
        assertThat(data.get("jobs").get(0).get("busy").get("overall").get("busyFraction").asDouble()).isEqualTo(0.5);
        assertThat(summary.get("tiers").get("newCoverage").asLong()).isZero();
        assertThat(summary.get("tiers").get("exploration").asText()).isEqualTo("tiers");
        JsonNode executors = data.get("executors");
        assertThat(executors.get("kinds").get(0).get("executor").asText()).isEqualTo("command");
        assertThat(executors.get("all").get("executions").asLong()).isEqualTo(4);
        assertThat(executors.get("all").get("children").get("declared").asLong()).isEqualTo(4);
        assertThat(executors.get("all").get("children").get("untriaged").asLong()).as("children without coverage")
                .isEqualTo(3);
        JsonNode series = data.get("executorSeries");
        assertThat(series.get("executors").toString()).isEqualTo("[\"command\",\"symcc\"]");
        long executions = 0;
        for (JsonNode point : series.get("points")) {
            executions += point.get("byExecutor").get("command").get("executions").asLong()
                    + point.get("byExecutor").get("symcc").get("executions").asLong();
        }
        assertThat(executions).isEqualTo(4);
        assertThat(data.get("notes")).isEmpty();
    }

    @Test
    void anUnreadableJobSummaryBecomesANoteAndTheReportIsStillWritten() throws IOException {
        campaign.done("seed", "child");
        Files.writeString(campaign.directory.resolve("reports").resolve("summary-epoch-7.json"), "{not json");

        CommandRun run = campaign.cli("report");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.err()).contains("note: job summary cannot be read", "summary-epoch-7.json");
        assertThat(Files.readString(campaign.directory.resolve("reports").resolve("report.html")))
                .contains("<ul class=\"notes\">", "job summary cannot be read");
    }

    @Test
    void aReportOverTwentyThousandEntriesCountsEachOfThemOnce() {
        int entries = 20_000;
        List<WorkPayload> seeds = new ArrayList<>();
        for (int i = 0; i < entries; i++) {
            seeds.add(new WorkPayload(TestCampaign.idOf("entry " + i), 10));
        }
        for (int from = 0; from < entries; from += CampaignStore.MAX_BATCH) {
            campaign.store.admit(campaign.epoch, seeds.subList(from, Math.min(entries, from + CampaignStore.MAX_BATCH)))
                    .forEach(ItemResult::orThrow);
        }
        List<CommitRequest> batch = new ArrayList<>();
        for (WorkRecord record : campaign.claimAll(TestCampaign.ALICE).values()) {
            ResultId result = ResultId.random();
            batch.add(new CommitRequest(new Lease(record.id(), record.token()), result, ".stage-1/3/" + result,
                    List.of(DeclaredChild.untriaged(TestCampaign.idOf("child of " + record.id()), 12)),
                    new Execution("command", "ok", 0, false, 5, false), null));
            if (batch.size() == CampaignStore.MAX_BATCH) {
                campaign.store.beginCommits(campaign.epoch, batch, TestCampaign.now()).forEach(ItemResult::orThrow);
                batch.clear();
            }
        }
        campaign.store.beginCommits(campaign.epoch, batch, TestCampaign.now()).forEach(ItemResult::orThrow);

        CommandRun run = campaign.cli("report", "--json");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        JsonNode summary = run.json().get("summary");
        assertThat(summary.get("executions").asLong()).isEqualTo(entries);
        assertThat(summary.get("open").asLong()).isEqualTo(entries);
        assertThat(summary.get("childrenGenerated").asLong()).isEqualTo(entries);
        assertThat(summary.get("blocked").asLong()).isZero();
        assertThat(run.json().get("notes")).isEmpty();
    }

    @Test
    void aFreshCampaignGetsAPageThatSaysNothingHasRunYet() throws IOException {
        CommandRun run = campaign.cli("report", "--output", root.resolve("new/dir/page.html").toString());

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(Files.readString(root.resolve("new/dir/page.html"))).contains("no committed results yet",
                "No input has made the target crash or hang.", "No job has left a summary in reports/.");
    }
}
