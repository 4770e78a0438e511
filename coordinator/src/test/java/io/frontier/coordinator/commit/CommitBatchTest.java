package io.frontier.coordinator.commit;

import static io.frontier.coordinator.CampaignFixture.ALICE;
import static io.frontier.coordinator.CampaignFixture.BOB;
import static io.frontier.coordinator.CampaignFixture.T0;
import static io.frontier.coordinator.CampaignFixture.TTL;
import static io.frontier.coordinator.CampaignFixture.bytes;
import static io.frontier.coordinator.CampaignFixture.idOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.coordinator.CampaignFixture;
import io.frontier.coordinator.assignment.ActiveAssignment;
import io.frontier.coordinator.control.Refusal;
import io.frontier.coordinator.replay.Replay;
import io.frontier.coordinator.replay.ReplayReport;
import io.frontier.coordinator.replay.StageJanitor;
import io.frontier.coordinator.validation.ResultValidator;
import io.frontier.coordinator.validation.Verdict;
import io.frontier.store.corpus.Digest;
import io.frontier.store.error.CorruptRecordException;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.record.WorkState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link CommitChain#commitAll}: a batch of valid results ends exactly as the same results
 * committed one by one, and a result that is refused or fails in a batch leaves the others to
 * their own outcomes.
 */
class CommitBatchTest {

    private static final String[] SEEDS = {"seed-a", "seed-b", "seed-c"};
    /** The children each seed's execution stages: one shared by two parents, one of its own, none. */
    private static final Map<String, String[]> CHILDREN = Map.of(
            "seed-a", new String[] {"shared", "only-a"},
            "seed-b", new String[] {"shared", "only-b"},
            "seed-c", new String[] {});
    private static final String[] NAMES = {"seed-a", "seed-b", "seed-c", "shared", "only-a", "only-b"};
    /**
     * {@link #NAMES} but the shared child, whose parent after a replay is whichever of its two
     * parents replay, in work id order, completes first.
     */
    private static final String[] NAMES_BUT_SHARED = {"seed-a", "seed-b", "seed-c", "only-a", "only-b"};

    @TempDir
    Path directory;
    @TempDir
    Path referenceDirectory;

    @Test
    void batchEndsExactlyAsTheSameResultsCommittedOneByOne() {
        String oneByOneEnd;
        List<CommitOutcome> oneByOne = new ArrayList<>();
        try (CampaignFixture reference = new CampaignFixture(referenceDirectory)) {
            CommitChain chain = chain(reference, Checkpoints.NONE);
            for (ValidResult result : answered(reference)) {
                oneByOne.add(chain.commit(result.assignment(), result.valid(), T0 + 1));
            }
            oneByOneEnd = reference.endState(NAMES);
        }

        try (CampaignFixture campaign = new CampaignFixture(directory)) {
            List<ValidResult> results = answered(campaign);

            List<CommitOutcome> batch = chain(campaign, Checkpoints.NONE).commitAll(results, T0 + 1);

            assertThat(campaign.endState(NAMES)).isEqualTo(oneByOneEnd);
            assertThat(batch).hasSize(3);
            for (int i = 0; i < 3; i++) {
                CommitOutcome.Committed together = committed(batch.get(i));
                CommitOutcome.Committed alone = committed(oneByOne.get(i));
                assertThat(together.work()).isEqualTo(alone.work()).isEqualTo(idOf(SEEDS[i]));
                assertThat(together.promoted()).isEqualTo(alone.promoted());
                assertThat(together.alreadyPresent()).isEqualTo(alone.alreadyPresent());
                assertThat(together.enqueued()).isEqualTo(alone.enqueued());
                assertThat(campaign.stageOf(results.get(i).assignment())).doesNotExist();
            }
            assertThat(committed(batch.get(1)).alreadyPresent()).containsExactly(idOf("shared"));
            assertThat(campaign.store.work(idOf("shared")).parent()).isEqualTo(idOf("seed-a"));
            assertThat(campaign.store.listCommitting(10)).isEmpty();
        }
    }

    @Test
    void staleTokenInABatchIsRefusedAloneAndTheOthersCommit() {
        try (CampaignFixture campaign = new CampaignFixture(directory)) {
            List<ValidResult> results = answered(campaign);
            ActiveAssignment stale = results.get(1).assignment();
            // seed-b's lease expires and is granted to another coordinator; the others are renewed.
            campaign.store.renew(campaign.epoch, List.of(results.get(0).assignment().lease(),
                    results.get(2).assignment().lease()), T0 + TTL - 1, TTL);
            campaign.store.recoverExpired(campaign.epoch, BOB, 10, T0 + TTL);
            WorkRecord regranted = campaign.store.claim(campaign.epoch, BOB, Set.of(), 1, T0 + TTL, TTL)
                    .granted().get(0);
            assertThat(regranted.id()).isEqualTo(stale.work());

            List<CommitOutcome> outcomes = chain(campaign, Checkpoints.NONE).commitAll(results, T0 + TTL + 1);

            assertThat(outcomes.get(1)).isInstanceOf(CommitOutcome.Refused.class);
            assertThat(((CommitOutcome.Refused) outcomes.get(1)).refusal()).isEqualTo(Refusal.STALE_TOKEN);
            assertThat(campaign.stageOf(stale)).doesNotExist();
            assertThat(campaign.store.work(stale.work())).isEqualTo(regranted);
            assertThat(committed(outcomes.get(0)).enqueued()).containsExactly(idOf("shared"), idOf("only-a"));
            assertThat(committed(outcomes.get(2)).enqueued()).isEmpty();
            assertThat(campaign.store.work(idOf("seed-a")).state()).isEqualTo(WorkState.DONE);
            assertThat(campaign.store.work(idOf("seed-c")).state()).isEqualTo(WorkState.DONE);
            assertThat(campaign.store.work(idOf("only-b"))).isNull();
            assertThat(campaign.corpusNames()).doesNotContain(idOf("only-b").hex());
            assertThat(campaign.store.listCommitting(10)).isEmpty();
        }
    }

    @Test
    void corruptObjectUnderOneResultsChildLeavesTheOthersCommitted() throws Exception {
        try (CampaignFixture campaign = new CampaignFixture(directory)) {
            List<ValidResult> results = answered(campaign);
            Path planted = campaign.corpusPathOf("only-b");
            Files.write(planted, bytes("only-b"));
            CampaignFixture.flipFirstByte(planted);

            List<CommitOutcome> outcomes = chain(campaign, Checkpoints.NONE).commitAll(results, T0 + 1);

            assertThat(outcomes.get(1)).isInstanceOf(CommitOutcome.ControlFailed.class);
            assertThat(((CommitOutcome.ControlFailed) outcomes.get(1)).failure().get("work"))
                    .isEqualTo(idOf("seed-b").hex());
            assertThat(campaign.store.work(idOf("seed-b")).state()).isEqualTo(WorkState.COMMITTING);
            assertThat(campaign.stageOf(results.get(1).assignment())).exists();
            committed(outcomes.get(0));
            committed(outcomes.get(2));
            assertThat(campaign.store.work(idOf("seed-a")).state()).isEqualTo(WorkState.DONE);
            assertThat(campaign.store.work(idOf("seed-c")).state()).isEqualTo(WorkState.DONE);
            assertThat(campaign.store.work(idOf("shared")).state()).isEqualTo(WorkState.PENDING);
        }
    }

    @Test
    void unreadableRecordFailsItsResultAloneWithTheFailureASingleCommitThrows() {
        try (CampaignFixture campaign = new CampaignFixture(directory)) {
            List<ValidResult> results = answered(campaign);
            campaign.truncateRecord("seed-b");

            List<CommitOutcome> outcomes = chain(campaign, Checkpoints.NONE).commitAll(results, T0 + 1);

            assertThat(outcomes.get(1)).isInstanceOf(CommitOutcome.Failed.class);
            assertThat(((CommitOutcome.Failed) outcomes.get(1)).failure()).isInstanceOf(CorruptRecordException.class);
            committed(outcomes.get(0));
            committed(outcomes.get(2));
            assertThat(campaign.store.work(idOf("seed-a")).state()).isEqualTo(WorkState.DONE);
            assertThat(campaign.store.work(idOf("seed-c")).state()).isEqualTo(WorkState.DONE);
            assertThat(campaign.stageOf(results.get(1).assignment())).exists();
            ValidResult failing = results.get(1);
            CommitChain chain = chain(campaign, Checkpoints.NONE);
            assertThatThrownBy(() -> chain.commit(failing.assignment(), failing.valid(), T0 + 2))
                    .isInstanceOf(CorruptRecordException.class);
        }
    }

    @ParameterizedTest
    @EnumSource(CommitPoint.class)
    void crashInsideABatchIsFinishedByReplayToTheOneByOneEndState(CommitPoint point) {
        String oneByOneEnd;
        try (CampaignFixture reference = new CampaignFixture(referenceDirectory)) {
            CommitChain chain = chain(reference, Checkpoints.NONE);
            answered(reference).forEach(result -> chain.commit(result.assignment(), result.valid(), T0 + 1));
            oneByOneEnd = reference.endState(NAMES_BUT_SHARED);
        }

        try (CampaignFixture campaign = new CampaignFixture(directory)) {
            List<ValidResult> results = answered(campaign);
            assertThatThrownBy(() -> chain(campaign, SimulatedCrash.at(point)).commitAll(results, T0 + 1))
                    .isInstanceOf(SimulatedCrash.class);
            campaign.nextJob("job-2", T0 + 100);

            EntryFinisher finisher =
                    new EntryFinisher(campaign.store, campaign.layout, campaign.files, Checkpoints.NONE);
            ReplayReport replay = new Replay(campaign.store, finisher).run(campaign.epoch, work -> true, T0 + 101);
            new StageJanitor(campaign.store, campaign.layout, campaign.files).sweepUpTo(campaign.epoch - 1);

            assertThat(replay.finished()).isTrue();
            assertThat(replay.abandoned()).isEmpty();
            assertThat(campaign.endState(NAMES_BUT_SHARED)).isEqualTo(oneByOneEnd);
            WorkRecord shared = campaign.store.work(idOf("shared"));
            assertThat(shared.state()).isEqualTo(WorkState.PENDING);
            assertThat(shared.parent()).isIn(idOf("seed-a"), idOf("seed-b"));
            assertThat(campaign.store.listCommitting(10)).isEmpty();
            assertThat(campaign.stageTrees()).isEmpty();
        }
    }

    /**
     * Seeds {@link #SEEDS}, claims them for {@link CampaignFixture#ALICE}, assigns each to a
     * worker of its own and answers it with its {@link #CHILDREN}: the valid results, in seed order.
     */
    private static List<ValidResult> answered(CampaignFixture campaign) {
        for (String seed : SEEDS) {
            campaign.seed(seed);
        }
        Map<Digest, WorkRecord> leased = campaign.store.claim(campaign.epoch, ALICE, Set.of(), SEEDS.length, T0, TTL)
                .granted().stream()
                .collect(Collectors.toMap(WorkRecord::id, Function.identity()));
        ResultValidator validator = new ResultValidator(campaign.layout);
        List<ValidResult> results = new ArrayList<>();
        for (int i = 0; i < SEEDS.length; i++) {
            ActiveAssignment assignment =
                    ActiveAssignment.issue(leased.get(idOf(SEEDS[i])), campaign.epoch, 3 + i, CampaignFixture.EXECUTOR, T0);
            byte[] answer = campaign.workerAnswers(assignment, CHILDREN.get(SEEDS[i]));
            Verdict verdict = validator.validate(assignment, answer);
            assertThat(verdict).isInstanceOf(Verdict.Valid.class);
            results.add(new ValidResult(assignment, (Verdict.Valid) verdict));
        }
        return results;
    }

    private static CommitChain chain(CampaignFixture campaign, Checkpoints checkpoints) {
        return new CommitChain(campaign.store, campaign.layout, campaign.files, checkpoints);
    }

    private static CommitOutcome.Committed committed(CommitOutcome outcome) {
        assertThat(outcome).isInstanceOf(CommitOutcome.Committed.class);
        return (CommitOutcome.Committed) outcome;
    }
}
