package io.frontier.coordinator.commit;

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
import io.frontier.coordinator.validation.ResultValidator;
import io.frontier.coordinator.validation.Verdict;
import io.frontier.store.coverage.Coverage;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.record.WorkState;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.wire.DeclaredFinding;
import io.frontier.store.wire.FindingKind;
import io.frontier.store.wire.WireCodec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommitChainTest {

    @TempDir
    Path directory;

    private CampaignFixture campaign;
    private ResultValidator validator;
    private CommitChain chain;

    @BeforeEach
    void open() {
        campaign = new CampaignFixture(directory);
        validator = new ResultValidator(campaign.layout);
        chain = new CommitChain(campaign.store, campaign.layout, campaign.files, Checkpoints.NONE);
    }

    @AfterEach
    void close() {
        campaign.close();
    }

    @Test
    void validResultPublishesItsChildrenEnqueuesThemAndRemovesTheStage() {
        ActiveAssignment assignment = campaign.assigned("seed");
        Verdict.Valid valid = valid(assignment, campaign.workerAnswers(assignment, "child-1", "child-2"));

        CommitOutcome outcome = chain.commit(assignment, valid, T0 + 1);

        CommitOutcome.Committed committed = committed(outcome);
        assertThat(committed.promoted()).containsExactlyInAnyOrder(idOf("child-1"), idOf("child-2"));
        assertThat(committed.alreadyPresent()).isEmpty();
        assertThat(committed.enqueued()).containsExactly(idOf("child-1"), idOf("child-2"));
        assertThat(committed.repeated()).isFalse();
        assertThat(campaign.corpusNames())
                .containsExactlyInAnyOrder(idOf("seed").hex(), idOf("child-1").hex(), idOf("child-2").hex());
        assertThat(campaign.corpusPathOf("child-1")).hasBinaryContent(bytes("child-1"));
        assertThat(campaign.store.work(idOf("seed")).state()).isEqualTo(WorkState.DONE);
        for (String child : new String[] {"child-1", "child-2"}) {
            WorkRecord record = campaign.store.work(idOf(child));
            assertThat(record.state()).isEqualTo(WorkState.PENDING);
            assertThat(record.parent()).isEqualTo(idOf("seed"));
        }
        assertThat(campaign.stageOf(assignment)).doesNotExist();
        assertThat(campaign.store.listCommitting(10)).isEmpty();
    }

    @Test
    void resultWithoutChildrenCompletesItsWork() {
        ActiveAssignment assignment = campaign.assigned("seed");

        CommitOutcome.Committed committed = committed(chain.commit(assignment,
                valid(assignment, campaign.workerAnswers(assignment)), T0 + 1));

        assertThat(committed.enqueued()).isEmpty();
        assertThat(campaign.store.work(idOf("seed")).state()).isEqualTo(WorkState.DONE);
        assertThat(campaign.store.counts().unfinished()).isZero();
    }

    @Test
    void twoParentsProducingTheSameChildEnqueueItOnce() {
        ActiveAssignment first = campaign.assigned("seed-a");
        Verdict.Valid firstResult = valid(first, campaign.workerAnswers(first, "shared", "only-a"));
        ActiveAssignment second =
                ActiveAssignment.issue(campaign.seedAndClaim("seed-b"), campaign.epoch, 4, CampaignFixture.EXECUTOR, T0);
        Verdict.Valid secondResult = valid(second, campaign.workerAnswers(second, "shared"));

        CommitOutcome.Committed a = committed(chain.commit(first, firstResult, T0 + 1));
        CommitOutcome.Committed b = committed(chain.commit(second, secondResult, T0 + 2));

        assertThat(a.enqueued()).containsExactly(idOf("shared"), idOf("only-a"));
        assertThat(b.promoted()).isEmpty();
        assertThat(b.alreadyPresent()).containsExactly(idOf("shared"));
        assertThat(b.enqueued()).isEmpty();
        assertThat(campaign.store.work(idOf("shared")).parent()).isEqualTo(idOf("seed-a"));
        assertThat(campaign.store.counts().get(Counter.PENDING)).isEqualTo(2);
        assertThat(campaign.stageOf(second)).doesNotExist();
    }

    @Test
    void childThatIsAlreadyKnownWorkIsNotEnqueuedAgain() {
        ActiveAssignment assignment = campaign.assigned("seed");
        campaign.seed("known");
        Verdict.Valid valid = valid(assignment, campaign.workerAnswers(assignment, "known", "fresh"));

        CommitOutcome.Committed committed = committed(chain.commit(assignment, valid, T0 + 1));

        assertThat(committed.alreadyPresent()).containsExactly(idOf("known"));
        assertThat(committed.enqueued()).containsExactly(idOf("fresh"));
        assertThat(campaign.store.work(idOf("known")).parent()).isNull();
    }

    @Test
    void committingTheSameResultAgainRepeatsNothing() {
        ActiveAssignment assignment = campaign.assigned("seed");
        Verdict.Valid valid = valid(assignment, campaign.workerAnswers(assignment, "child-1"));
        chain.commit(assignment, valid, T0 + 1);
        String after = campaign.endState("seed", "child-1");

        CommitOutcome.Committed again = committed(chain.commit(assignment, valid, T0 + 2));

        assertThat(again.repeated()).isTrue();
        assertThat(again.promoted()).isEmpty();
        assertThat(again.enqueued()).isEmpty();
        assertThat(campaign.endState("seed", "child-1")).isEqualTo(after);
    }

    @Test
    void staleTokenIsRefusedDroppedAndItsStageRemoved() {
        ActiveAssignment assignment = campaign.assigned("seed");
        Verdict.Valid valid = valid(assignment, campaign.workerAnswers(assignment, "child-1"));
        // The lease expires, is recovered and granted to another coordinator meanwhile.
        campaign.store.recoverExpired(campaign.epoch, BOB, 10, T0 + TTL);
        WorkRecord regranted = campaign.store.claim(campaign.epoch, BOB, Set.of(), 1, T0 + TTL, TTL).granted().get(0);

        CommitOutcome outcome = chain.commit(assignment, valid, T0 + TTL + 1);

        assertThat(outcome).isInstanceOf(CommitOutcome.Refused.class);
        CommitOutcome.Refused refused = (CommitOutcome.Refused) outcome;
        assertThat(refused.refusal()).isEqualTo(Refusal.STALE_TOKEN);
        assertThat(refused.context()).containsEntry("presentedToken", assignment.token().hex());
        assertThat(campaign.stageOf(assignment)).doesNotExist();
        assertThat(campaign.corpusNames()).containsExactly(idOf("seed").hex());
        assertThat(campaign.store.work(idOf("seed"))).isEqualTo(regranted);
        assertThat(campaign.store.work(idOf("child-1"))).isNull();
        assertThat(campaign.store.listCommitting(10)).isEmpty();
    }

    @Test
    void fencedEpochIsRefusedAndTheStageKeptForTheJanitor() {
        ActiveAssignment assignment = campaign.assigned("seed");
        Verdict.Valid valid = valid(assignment, campaign.workerAnswers(assignment, "child-1"));
        campaign.store.bumpEpoch(assignment.epoch(), "job-2", T0 + 1);

        CommitOutcome outcome = chain.commit(assignment, valid, T0 + 2);

        assertThat(outcome).isInstanceOf(CommitOutcome.Refused.class);
        assertThat(((CommitOutcome.Refused) outcome).refusal()).isEqualTo(Refusal.STALE_EPOCH);
        assertThat(campaign.stageOf(assignment).resolve(idOf("child-1").hex())).exists();
        assertThat(campaign.corpusNames()).containsExactly(idOf("seed").hex());
        assertThat(campaign.store.work(idOf("seed")).state()).isEqualTo(WorkState.LEASED);
        assertThat(campaign.store.listCommitting(10)).isEmpty();
    }

    @Test
    void corruptObjectUnderAChildsNameIsAControlFailureAndNothingIsRenamed() throws Exception {
        ActiveAssignment assignment = campaign.assigned("seed");
        Verdict.Valid valid = valid(assignment, campaign.workerAnswers(assignment, "child-1", "child-2"));
        Path planted = campaign.corpusPathOf("child-1");
        Files.write(planted, bytes("child-1"));
        CampaignFixture.flipFirstByte(planted);

        CommitOutcome outcome = chain.commit(assignment, valid, T0 + 1);

        assertThat(outcome).isInstanceOf(CommitOutcome.ControlFailed.class);
        var failure = ((CommitOutcome.ControlFailed) outcome).failure();
        assertThat(failure.get("work")).isEqualTo(idOf("seed").hex());
        assertThat(failure.get("expected")).isEqualTo(idOf("child-1").hex());
        assertThat(failure.get("actual")).isNotEqualTo(idOf("child-1").hex()).hasSize(64);
        assertThat(campaign.corpusPathOf("child-2")).doesNotExist();
        assertThat(campaign.stageOf(assignment).resolve(idOf("child-1").hex())).exists();
        assertThat(campaign.store.work(idOf("seed")).state()).isEqualTo(WorkState.COMMITTING);
    }

    @Test
    void stagedBytesDamagedAfterValidationAbandonTheResultAndRequeueItsWork() {
        ActiveAssignment assignment = campaign.assigned("seed");
        Verdict.Valid valid = valid(assignment, campaign.workerAnswers(assignment, "child-1", "child-2"));
        CampaignFixture.flipFirstByte(campaign.stageOf(assignment).resolve(idOf("child-2").hex()));

        CommitOutcome outcome = chain.commit(assignment, valid, T0 + 1);

        assertThat(outcome).isInstanceOf(CommitOutcome.Abandoned.class);
        assertThat(((CommitOutcome.Abandoned) outcome).reason()).contains("WRONG_DIGEST " + idOf("child-2").hex());
        assertThat(campaign.corpusNames()).containsExactly(idOf("seed").hex());
        assertThat(campaign.stageOf(assignment)).doesNotExist();
        WorkRecord parent = campaign.store.work(idOf("seed"));
        assertThat(parent.state()).isEqualTo(WorkState.PENDING);
        assertThat(campaign.store.work(idOf("child-1"))).isNull();
    }

    @Test
    void aTriagedResultPromotesTheChildrenItKeepsAndEnqueuesOnlyTheFrontier() {
        ActiveAssignment assignment = campaign.assigned("seed");
        List<DeclaredChild> staged = campaign.stage(assignment, "new", "same", "boom");
        Coverage reached = Coverage.of(new int[] {Coverage.tuple(3, 1)});
        List<DeclaredChild> declared = List.of(CampaignFixture.triaged(staged.get(0), reached, null),
                CampaignFixture.triaged(staged.get(1), reached, null),
                CampaignFixture.triaged(staged.get(2), reached, new DeclaredFinding(FindingKind.CRASH, 11, "signal:11")));
        Verdict.Valid valid = valid(assignment, WireCodec.encode(CampaignFixture.result(assignment, declared)));

        CommitOutcome.Committed committed = committed(chain.commit(assignment, valid, T0 + 1));

        assertThat(committed.promoted()).containsExactlyInAnyOrder(idOf("new"), idOf("boom"));
        assertThat(committed.enqueued()).containsExactly(idOf("new"));
        assertThat(campaign.corpusNames())
                .containsExactlyInAnyOrder(idOf("seed").hex(), idOf("new").hex(), idOf("boom").hex());
        assertThat(campaign.store.work(idOf("same"))).as("redundant: recorded, not kept").isNull();
        assertThat(campaign.store.work(idOf("boom"))).as("a finding is kept, not run").isNull();
        assertThat(campaign.store.work(idOf("new")).origin()).isEqualTo("command");
        assertThat(campaign.store.counts().get(Counter.FINDINGS)).isEqualTo(1);
        assertThat(campaign.stageOf(assignment)).doesNotExist();
    }

    @Test
    void aResultThatKeepsNoChildIsCompletedByItsDecisionAndItsRedundantBytesGoWithTheStage() {
        ActiveAssignment first = campaign.assigned("seed");
        Coverage reached = Coverage.of(new int[] {Coverage.tuple(3, 1)});
        committed(chain.commit(first, valid(first, WireCodec.encode(CampaignFixture.result(first,
                List.of(CampaignFixture.triaged(campaign.stage(first, "new").get(0), reached, null))))), T0 + 1));
        ActiveAssignment second = campaign.assigned("other seed");
        Verdict.Valid valid = valid(second, WireCodec.encode(CampaignFixture.result(second,
                List.of(CampaignFixture.triaged(campaign.stage(second, "same").get(0), reached, null)))));
        List<CommitPoint> passed = new ArrayList<>();
        CommitChain watched = new CommitChain(campaign.store, campaign.layout, campaign.files,
                (point, work) -> passed.add(point));

        CommitOutcome.Committed committed = committed(watched.commit(second, valid, T0 + 2));

        assertThat(passed).as("never committing: decided and completed together").containsExactly(CommitPoint.AFTER_COMPLETE);
        assertThat(committed.promoted()).isEmpty();
        assertThat(committed.enqueued()).isEmpty();
        assertThat(committed.repeated()).isFalse();
        assertThat(campaign.store.work(idOf("other seed")).state()).isEqualTo(WorkState.DONE);
        assertThat(campaign.corpusNames()).doesNotContain(idOf("same").hex());
        assertThat(campaign.stageOf(second)).doesNotExist();
        assertThat(campaign.store.counts().unfinished()).as("new is pending").isEqualTo(1);
    }

    @Test
    void aCrashAfterADecisionThatKeptNoChildLeavesTheItemDoneAndOnlyItsStage() {
        ActiveAssignment assignment = campaign.assigned("seed");
        Verdict.Valid valid = valid(assignment, campaign.workerAnswers(assignment));
        CommitChain crashing = new CommitChain(campaign.store, campaign.layout, campaign.files,
                SimulatedCrash.at(CommitPoint.AFTER_COMPLETE));

        assertThatThrownBy(() -> crashing.commit(assignment, valid, T0 + 1)).isInstanceOf(SimulatedCrash.class);

        assertThat(campaign.store.work(idOf("seed")).state()).isEqualTo(WorkState.DONE);
        assertThat(campaign.store.listCommitting(10)).as("nothing for replay to finish").isEmpty();
        CommitOutcome.Committed again = committed(chain.commit(assignment, valid, T0 + 2));
        assertThat(again.repeated()).isTrue();
        assertThat(campaign.stageOf(assignment)).doesNotExist();
    }

    private Verdict.Valid valid(ActiveAssignment assignment, byte[] payload) {
        Verdict verdict = validator.validate(assignment, payload);
        assertThat(verdict).isInstanceOf(Verdict.Valid.class);
        return (Verdict.Valid) verdict;
    }

    private static CommitOutcome.Committed committed(CommitOutcome outcome) {
        assertThat(outcome).isInstanceOf(CommitOutcome.Committed.class);
        return (CommitOutcome.Committed) outcome;
    }
}
