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
import java.util.ArrayList;
import java.util.List;
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
        ActiveAssignment assignment = crashedCommit("seed");
        writeStage(2, 6, "unreferenced");

        JanitorReport report = janitor.sweepUpTo(2);

        assertThat(report.kept()).containsExactly(1L);
        assertThat(report.removed()).containsExactly(2L);
        assertThat(campaign.stageOf(assignment)).isDirectory();
    }

    @Test
    void aCommittingEntryThatCannotBeReadKeepsEveryTree() {
        ActiveAssignment assignment = crashedCommit("seed");
        writeStage(1, 5, "abandoned-by-a-dead-worker");
        writeStage(2, 6, "unreferenced");
        campaign.truncateRecord("seed");

        JanitorReport report = janitor.sweepUpTo(2);

        assertThat(report.skipped()).startsWith("a committing entry cannot be read: stored record cannot be decoded");
        assertThat(report.removed()).isEmpty();
        assertThat(campaign.stageTrees()).containsExactly(".stage-1", ".stage-2");
        assertThat(campaign.stageOf(assignment)).isDirectory();
    }

    @Test
    void aTreeReferencedByAnEntryBeyondTheFirstPageIsKept() {
        List<String> last = new ArrayList<>();
        for (int i = 0; last.isEmpty(); i++) {
            if (CampaignFixture.idOf("old-" + i).hex().startsWith("ff")) {
                last.add("old-" + i);
            }
        }
        campaign.commitWithoutChildren(last, T0);
        writeStage(1, 9, "referenced-tree");
        campaign.nextJob("job-2", T0 + 100);
        List<String> current = new ArrayList<>();
        for (int i = 0; i < StageJanitor.PAGE; i++) {
            current.add("current-" + i);
        }
        campaign.commitWithoutChildren(current, T0 + 100);
        writeStage(2, 9, "current-tree");
        campaign.nextJob("job-3", T0 + 200);

        JanitorReport report = janitor.sweepUpTo(2);

        assertThat(report.kept()).containsExactly(1L, 2L);
        assertThat(report.removed()).isEmpty();
        assertThat(report.skipped()).isNull();
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

    /** Assigns {@code seed}, stages one child and crashes right after the commit decision. */
    private ActiveAssignment crashedCommit(String seed) {
        ActiveAssignment assignment = campaign.assigned(seed);
        byte[] payload = campaign.workerAnswers(assignment, "child-1");
        Verdict.Valid valid = (Verdict.Valid) new ResultValidator(campaign.layout).validate(assignment, payload);
        CommitChain crashing = new CommitChain(campaign.store, campaign.layout, campaign.files,
                SimulatedCrash.at(CommitPoint.AFTER_BEGIN_COMMIT));
        assertThatThrownBy(() -> crashing.commit(assignment, valid, T0 + 1)).isInstanceOf(SimulatedCrash.class);
        return assignment;
    }

    private void writeStage(long epoch, int rank, String result) {
        new StageWriter(campaign.layout, new StageLocation(epoch, rank, result), campaign.files).stage(bytes(result));
    }
}
