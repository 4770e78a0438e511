package io.frontier.tools.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.coordinator.termination.Outcome;
import io.frontier.store.wire.ExitStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The summary a job's root leaves in {@code reports/}: never written over an earlier job's. */
class JobSummaryTest {

    @TempDir
    Path root;

    @Test
    void theSummaryOfAnEarlierJobOfTheSameEpochIsKeptAndTheNewOneGetsTheNextFreeName() throws Exception {
        CampaignDirectory directory = new CampaignDirectory(root);
        Path earlier = JobSummary.write(directory, 1, 1000, outcome("the first job"), Map.of()).file();
        byte[] kept = Files.readAllBytes(earlier);

        JobSummary.Written second = JobSummary.write(directory, 1, 2000, outcome("a job of a restored store"), Map.of());
        JobSummary.Written third = JobSummary.write(directory, 1, 3000, outcome("and another"), Map.of());

        assertThat(earlier.getFileName()).hasToString("summary-epoch-1.json");
        assertThat(Files.readAllBytes(earlier)).isEqualTo(kept);
        assertThat(second.file().getFileName()).hasToString("summary-epoch-1-2.json");
        assertThat(third.file().getFileName()).hasToString("summary-epoch-1-3.json");
        assertThat(JobSummary.all(directory)).containsExactly(earlier, second.file(), third.file());
        assertThat(JobSummary.latest(directory)).contains(third.file());
        assertThat(JobSummary.latestOf(directory, 1)).contains(third.file());
        assertThat(JobSummary.read(second.file()).reason()).isEqualTo("a job of a restored store");
    }

    private static Outcome outcome(String reason) {
        return new Outcome(Outcome.Ending.COMMITTED, ExitStatus.QUIESCENT, reason, List.of(), Map.of(), List.of(),
                Map.of(), List.of());
    }
}
