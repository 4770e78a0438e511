package io.frontier.coordinator.assignment;

import static io.frontier.coordinator.CampaignFixture.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.coordinator.CampaignFixture;
import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.error.InvalidInputException;
import io.frontier.store.exploration.Tier;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.wire.Assign;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ActiveAssignmentsTest {

    @TempDir
    Path directory;

    private CampaignFixture campaign;
    private WorkRecord leased;

    @BeforeEach
    void open() {
        campaign = new CampaignFixture(directory);
        leased = campaign.seedAndClaim("seed");
    }

    @AfterEach
    void close() {
        campaign.close();
    }

    @Test
    void anAssignmentNamesItsStageAndExecutorBeforeTheWorkerWritesAnything() {
        ActiveAssignment assignment = ActiveAssignment.issue(leased, campaign.epoch, 7, "afl", T0);

        assertThat(CorpusLayout.stageName(assignment.stage()))
                .isEqualTo(".stage-" + campaign.epoch + "/7/" + assignment.result().hex());
        assertThat(assignment.message(null, null)).isEqualTo(
                new Assign(leased.id(), leased.token(), assignment.result(), "afl", campaign.epoch, leased.attempts(),
                        1, Tier.NEW_COVERAGE, null));
        assertThat(assignment.lease().token()).isEqualTo(leased.token());
    }

    @Test
    void anAssignmentOfARepeatRoundTellsTheWorkerItsTierAndTimeLimitFactor() {
        WorkRecord repeat = leased.committing(ResultId.random()).again(Tier.REPEAT, 2, null, campaign.epoch)
                .leased(leased.token(), leased.owner(), campaign.epoch, T0 + 60);

        Assign message = ActiveAssignment.issue(repeat, campaign.epoch, 7, CampaignFixture.EXECUTOR, T0).message(null, null);

        assertThat(List.of(message.tier(), message.limitFactor())).containsExactly(Tier.REPEAT, 2);
    }

    @Test
    void everyAssignmentGetsItsOwnResultId() {
        ActiveAssignment first = ActiveAssignment.issue(leased, campaign.epoch, 7, CampaignFixture.EXECUTOR, T0);
        ActiveAssignment second = ActiveAssignment.issue(leased, campaign.epoch, 7, CampaignFixture.EXECUTOR, T0);

        assertThat(first.result()).isNotEqualTo(second.result());
        assertThat(first.stage()).isNotEqualTo(second.stage());
    }

    @Test
    void onlyALeaseOfTheCurrentEpochCanBeAssigned() {
        assertThatThrownBy(() -> ActiveAssignment.issue(leased, campaign.epoch + 1, 7, CampaignFixture.EXECUTOR, T0))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("only a lease of the current epoch can be assigned");
    }

    @Test
    void aWorkerRankHoldsOneAssignmentAndTakingItFreesTheRank() {
        ActiveAssignments active = new ActiveAssignments(1);
        ActiveAssignment assignment = ActiveAssignment.issue(leased, campaign.epoch, 7, CampaignFixture.EXECUTOR, T0);
        active.add(assignment);

        assertThatThrownBy(() -> active.add(
                ActiveAssignment.issue(leased, campaign.epoch, 7, CampaignFixture.EXECUTOR, T0)))
                .isInstanceOf(InvalidInputException.class);
        assertThat(active.take(8)).isEmpty();
        assertThat(active.take(7)).contains(assignment);
        assertThat(active.take(7)).isEmpty();
        assertThat(active.isBusy(7)).isFalse();
        assertThat(active.all()).isEmpty();
    }

    @Test
    void aWorkerRankAnswersItsAssignmentsOldestFirst() {
        ActiveAssignments active = new ActiveAssignments(2);
        ActiveAssignment first = ActiveAssignment.issue(leased, campaign.epoch, 7, CampaignFixture.EXECUTOR, T0);
        ActiveAssignment second = ActiveAssignment.issue(leased, campaign.epoch, 7, CampaignFixture.EXECUTOR, T0 + 1);
        ActiveAssignment other = ActiveAssignment.issue(leased, campaign.epoch, 5, CampaignFixture.EXECUTOR, T0 + 2);
        active.add(first);
        active.add(second);
        active.add(other);

        assertThatThrownBy(() -> active.add(
                ActiveAssignment.issue(leased, campaign.epoch, 7, CampaignFixture.EXECUTOR, T0)))
                .isInstanceOf(InvalidInputException.class);
        assertThat(active.size()).isEqualTo(3);
        assertThat(active.all()).containsExactly(other, first, second);
        assertThat(active.take(7)).contains(first);
        assertThat(active.isBusy(7)).isTrue();
        assertThat(active.take(7)).contains(second);
        assertThat(active.take(7)).isEmpty();
        assertThat(active.isBusy(7)).isFalse();
        assertThat(active.all()).containsExactly(other);
        assertThat(active.size()).isEqualTo(1);
    }
}
