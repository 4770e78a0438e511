package io.frontier.coordinator.replay;

import static io.frontier.coordinator.CampaignFixture.T0;
import static io.frontier.coordinator.CampaignFixture.bytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.coordinator.CampaignFixture;
import io.frontier.coordinator.assignment.ActiveAssignment;
import io.frontier.coordinator.commit.CommitChain;
import io.frontier.coordinator.commit.CommitPoint;
import io.frontier.coordinator.commit.SimulatedCrash;
import io.frontier.coordinator.validation.ResultValidator;
import io.frontier.coordinator.validation.Verdict;
import io.frontier.store.corpus.StageLocation;
import io.frontier.store.corpus.stage.StageWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StageJanitorTest {

    @TempDir
    Path directory;

    private CampaignFixture campaign;
    private StageJanitor janitor;

    @BeforeEach
    void open() {
        campaign = new CampaignFixture(directory);
        janitor = new StageJanitor(campaign.store, campaign.layout, campaign.files);
    }

    @AfterEach
    void close() {
        campaign.close();
    }

    @Test
    void sweepRemovesUnreferencedTreesUpToTheEpochAndNothingElse() throws Exception {
        writeStage(1, 5, "abandoned-by-a-dead-worker");
        writeStage(2, 6, "rejected-but-not-removed");
        writeStage(3, 7, "current-job");
        Path notATree = Files.createDirectory(directory.resolve(".stage-02"));
        Path seedDirectory = Files.createDirectory(directory.resolve("seeds"));

        JanitorReport report = janitor.sweepUpTo(2);

        assertThat(report.removed()).containsExactly(1L, 2L);
        assertThat(report.kept()).isEmpty();
        assertThat(report.failures()).isEmpty();
        assertThat(campaign.stageTrees()).containsExactlyInAnyOrder(".stage-3", ".stage-02");
        assertThat(notATree).exists();
        assertThat(seedDirectory).exists();
        assertThat(campaign.layout.corpus()).exists();
    }

    @Test
    void treeReferencedByACommittingEntryIsKept() {
        ActiveAssignment assignment = campaign.assigned("seed");
        byte[] payload = campaign.workerAnswers(assignment, "child-1");
        Verdict.Valid valid = (Verdict.Valid) new ResultValidator(campaign.layout).validate(assignment, payload);
        CommitChain crashing = new CommitChain(campaign.store, campaign.layout, campaign.files,
                SimulatedCrash.at(CommitPoint.AFTER_BEGIN_COMMIT));
        assertThatThrownBy(() -> crashing.commit(assignment, valid, T0 + 1)).isInstanceOf(SimulatedCrash.class);
        writeStage(2, 6, "unreferenced");

        JanitorReport report = janitor.sweepUpTo(2);

        assertThat(report.kept()).containsExactly(1L);
        assertThat(report.removed()).containsExactly(2L);
        assertThat(campaign.stageOf(assignment)).isDirectory();
    }

    @Test
    void aStageTreeThatIsASymbolicLinkIsRemovedWithoutTouchingItsTarget() throws Exception {
        Path outside = Files.createDirectory(directory.resolve("outside"));
        Path kept = Files.write(outside.resolve("kept"), bytes("kept"));
        Files.createSymbolicLink(directory.resolve(".stage-1"), outside);

        JanitorReport report = janitor.sweepUpTo(1);

        assertThat(report.removed()).containsExactly(1L);
        assertThat(directory.resolve(".stage-1")).doesNotExist();
        assertThat(kept).hasBinaryContent(bytes("kept"));
    }

    @Test
    void sweepingTwiceIsHarmless() {
        writeStage(1, 5, "r");

        janitor.sweepUpTo(1);
        JanitorReport again = janitor.sweepUpTo(1);

        assertThat(again.removed()).isEmpty();
        assertThat(campaign.stageTrees()).isEmpty();
    }

    private void writeStage(long epoch, int rank, String result) {
        new StageWriter(campaign.layout, new StageLocation(epoch, rank, result), campaign.files).stage(bytes(result));
    }
}
