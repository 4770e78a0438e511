package io.frontier.coordinator.rejection;

import static io.frontier.coordinator.CampaignFixture.BOB;
import static io.frontier.coordinator.CampaignFixture.T0;
import static io.frontier.coordinator.CampaignFixture.TTL;
import static io.frontier.coordinator.CampaignFixture.bytes;
import static io.frontier.coordinator.CampaignFixture.idOf;
import static io.frontier.coordinator.CampaignFixture.result;
import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.coordinator.CampaignFixture;
import io.frontier.coordinator.assignment.ActiveAssignment;
import io.frontier.coordinator.commit.Checkpoints;
import io.frontier.coordinator.commit.CommitChain;
import io.frontier.coordinator.commit.CommitOutcome;
import io.frontier.coordinator.control.Refusal;
import io.frontier.coordinator.replay.StageJanitor;
import io.frontier.coordinator.validation.InvalidKind;
import io.frontier.coordinator.validation.ResultValidator;
import io.frontier.coordinator.validation.Verdict;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.Token;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.record.WorkState;
import io.frontier.store.wire.Execution;
import io.frontier.store.wire.Result;
import io.frontier.store.wire.WireCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class InvalidResultHandlerTest {

    @TempDir
    Path directory;

    private CampaignFixture campaign;
    private ResultValidator validator;
    private InvalidResultHandler handler;

    @BeforeEach
    void open() {
        campaign = new CampaignFixture(directory);
        validator = new ResultValidator(campaign.layout);
        handler = new InvalidResultHandler(campaign.store, campaign.layout, campaign.files);
    }

    @AfterEach
    void close() {
        campaign.close();
    }

    /** Makes the worker of an assignment answer with one kind of invalid RESULT. */
    private BiFunction<CampaignFixture, ActiveAssignment, byte[]> answer(InvalidKind kind) {
        return (c, a) -> {
            Result honest = result(a, c.stage(a, "child-1", "child-2"));
            return switch (kind) {
                case MALFORMED -> "not json".getBytes(StandardCharsets.UTF_8);
                case WRONG_WORK -> WireCodec.encode(new Result(idOf("elsewhere"), honest.token(), honest.result(),
                        honest.input(), honest.children(), honest.generated(), honest.execution(), null, null));
                case WRONG_TOKEN -> WireCodec.encode(new Result(honest.work(), Token.random(), honest.result(),
                        honest.input(), honest.children(), honest.generated(), honest.execution(), null, null));
                case WRONG_RESULT -> WireCodec.encode(new Result(honest.work(), honest.token(), ResultId.random(),
                        honest.input(), honest.children(), honest.generated(), honest.execution(), null, null));
                case INPUT_MISMATCH -> WireCodec.encode(new Result(honest.work(), honest.token(), honest.result(),
                        idOf("other input"), honest.children(), honest.generated(), honest.execution(), null, null));
                case BAD_STAGE -> {
                    write(c.stageOf(a).resolve(idOf("extra").hex()), bytes("extra"));
                    yield WireCodec.encode(honest);
                }
                case WRONG_EXECUTOR -> WireCodec.encode(new Result(honest.work(), honest.token(), honest.result(),
                        honest.input(), honest.children(), honest.generated(),
                        new Execution("afl", "ok", 0, false, 5, false), null, null));
            };
        };
    }

    @ParameterizedTest
    @EnumSource(InvalidKind.class)
    void invalidResultRemovesItsStageAndKeepsTheWorkUnderTheSameToken(InvalidKind kind) {
        ActiveAssignment assignment = campaign.assigned("seed");
        Verdict.Invalid invalid = invalid(validator.validate(assignment, answer(kind).apply(campaign, assignment)));
        assertThat(invalid.kind()).isEqualTo(kind);

        Rejection rejection = handler.handle(assignment, invalid, T0 + 5, TTL);

        assertThat(rejection).isInstanceOf(Rejection.Requeued.class);
        assertThat(rejection.workerRank()).isEqualTo(CampaignFixture.WORKER);
        assertThat(rejection.stageRemoved()).isTrue();
        assertThat(campaign.stageOf(assignment)).doesNotExist();
        assertThat(campaign.corpusNames()).containsExactly(idOf("seed").hex());
        WorkRecord kept = ((Rejection.Requeued) rejection).kept();
        assertThat(kept).isEqualTo(campaign.store.work(assignment.work()));
        assertThat(kept.state()).isEqualTo(WorkState.LEASED);
        assertThat(kept.token()).isEqualTo(assignment.token());
        assertThat(kept.attempts()).isEqualTo(2);
        assertThat(kept.rejected()).isEqualTo(assignment.result());
        assertThat(kept.leaseExpiry()).isEqualTo(T0 + 5 + TTL);
        assertThat(handler.invalidResults()).isEqualTo(1);
        assertThat(campaign.store.counts().get(Counter.REJECTED)).isEqualTo(1);
        assertThat(campaign.store.counts().get(Counter.INVALID)).isEqualTo(1);
        assertThat(campaign.store.claim(campaign.epoch, BOB, Set.of(), 5, T0 + 6, TTL).granted()).isEmpty();
    }

    @Test
    void requeuedWorkIsRetriedByAHealthyWorkerUnderTheSameTokenAndCommits() {
        ActiveAssignment first = campaign.assigned("seed");
        Verdict.Invalid invalid = invalid(validator.validate(first, answer(InvalidKind.MALFORMED).apply(campaign, first)));
        WorkRecord kept = ((Rejection.Requeued) handler.handle(first, invalid, T0 + 5, TTL)).kept();

        ActiveAssignment retry = ActiveAssignment.issue(kept, campaign.epoch, 4, CampaignFixture.EXECUTOR, T0 + 6);
        Verdict verdict = validator.validate(retry, campaign.workerAnswers(retry, "child-1"));
        CommitOutcome outcome = new CommitChain(campaign.store, campaign.layout, campaign.files, Checkpoints.NONE)
                .commit(retry, (Verdict.Valid) verdict, T0 + 7);

        assertThat(retry.token()).isEqualTo(first.token());
        assertThat(retry.result()).isNotEqualTo(first.result());
        assertThat(retry.attempt()).isEqualTo(2);
        assertThat(outcome).isInstanceOf(CommitOutcome.Committed.class);
        assertThat(campaign.store.work(idOf("seed")).state()).isEqualTo(WorkState.DONE);
        assertThat(campaign.store.work(idOf("seed")).token()).isEqualTo(first.token());
    }

    @Test
    void corruptParentObjectIsAControlFailureWithBothDigestsAndNothingIsRequeued() {
        ActiveAssignment assignment = campaign.assigned("seed");
        Verdict.Invalid invalid = invalid(validator.validate(assignment,
                answer(InvalidKind.INPUT_MISMATCH).apply(campaign, assignment)));
        CampaignFixture.flipFirstByte(campaign.corpusPathOf("seed"));
        WorkRecord before = campaign.store.work(assignment.work());

        Rejection rejection = handler.handle(assignment, invalid, T0 + 5, TTL);

        assertThat(rejection).isInstanceOf(Rejection.ControlFailed.class);
        var failure = ((Rejection.ControlFailed) rejection).failure();
        assertThat(failure.get("work")).isEqualTo(idOf("seed").hex());
        assertThat(failure.get("expected")).isEqualTo(idOf("seed").hex());
        assertThat(failure.get("actual")).hasSize(64).isNotEqualTo(idOf("seed").hex());
        assertThat(campaign.stageOf(assignment)).doesNotExist();
        assertThat(campaign.store.work(assignment.work())).isEqualTo(before);
        assertThat(handler.invalidResults()).isEqualTo(1);
        assertThat(campaign.store.counts().get(Counter.INVALID)).isEqualTo(1);
    }

    @Test
    void missingParentObjectIsAControlFailure() throws IOException {
        ActiveAssignment assignment = campaign.assigned("seed");
        Verdict.Invalid invalid = invalid(validator.validate(assignment,
                answer(InvalidKind.MALFORMED).apply(campaign, assignment)));
        Files.delete(campaign.corpusPathOf("seed"));

        Rejection rejection = handler.handle(assignment, invalid, T0 + 5, TTL);

        assertThat(rejection).isInstanceOf(Rejection.ControlFailed.class);
        assertThat(((Rejection.ControlFailed) rejection).failure().reason()).isEqualTo("object is missing");
    }

    @Test
    void staleTokenIsDroppedAndTheNewHoldersLeaseIsUntouched() {
        ActiveAssignment assignment = campaign.assigned("seed");
        Verdict.Invalid invalid = invalid(validator.validate(assignment,
                answer(InvalidKind.BAD_STAGE).apply(campaign, assignment)));
        campaign.store.recoverExpired(campaign.epoch, BOB, 10, T0 + TTL);
        WorkRecord regranted = campaign.store.claim(campaign.epoch, BOB, Set.of(), 1, T0 + TTL, TTL).granted().get(0);

        Rejection rejection = handler.handle(assignment, invalid, T0 + TTL + 1, TTL);

        assertThat(rejection).isInstanceOf(Rejection.Dropped.class);
        assertThat(((Rejection.Dropped) rejection).refusal()).isEqualTo(Refusal.STALE_TOKEN);
        assertThat(campaign.store.work(assignment.work())).isEqualTo(regranted);
        assertThat(campaign.stageOf(assignment)).doesNotExist();
        assertThat(campaign.store.counts().get(Counter.REJECTED)).isZero();
        assertThat(campaign.store.counts().get(Counter.INVALID)).isEqualTo(1);
        assertThat(handler.invalidResults()).isEqualTo(1);
    }

    @Test
    void theSameDroppedResultHandledTwiceIsCountedOnceInTheStore() {
        ActiveAssignment assignment = campaign.assigned("seed");
        Verdict.Invalid invalid = invalid(validator.validate(assignment,
                answer(InvalidKind.WRONG_RESULT).apply(campaign, assignment)));
        campaign.store.recoverExpired(campaign.epoch, BOB, 10, T0 + TTL);

        handler.handle(assignment, invalid, T0 + TTL + 1, TTL);
        Rejection again = handler.handle(assignment, invalid, T0 + TTL + 2, TTL);

        assertThat(again).isInstanceOf(Rejection.Dropped.class);
        assertThat(handler.invalidResults()).isEqualTo(2);
        assertThat(campaign.store.counts().get(Counter.INVALID)).isEqualTo(1);
    }

    @Test
    void invalidResultsAreStillCountedAfterTheJobCrashesAndTheCampaignResumes() {
        ActiveAssignment requeued = campaign.assigned("seed-1");
        Verdict.Invalid malformed = invalid(validator.validate(requeued,
                answer(InvalidKind.MALFORMED).apply(campaign, requeued)));
        assertThat(handler.handle(requeued, malformed, T0 + 5, TTL)).isInstanceOf(Rejection.Requeued.class);
        ActiveAssignment dropped = campaign.assigned("seed-2");
        Verdict.Invalid stale = invalid(validator.validate(dropped,
                answer(InvalidKind.BAD_STAGE).apply(campaign, dropped)));
        campaign.store.recoverExpired(campaign.epoch, BOB, 10, T0 + TTL);
        assertThat(handler.handle(dropped, stale, T0 + TTL + 1, TTL)).isInstanceOf(Rejection.Dropped.class);

        campaign.nextJob("job-2", T0 + 100);
        InvalidResultHandler resumed = new InvalidResultHandler(campaign.store, campaign.layout, campaign.files);

        assertThat(resumed.invalidResults()).isZero();
        assertThat(campaign.store.counts().get(Counter.INVALID)).isEqualTo(2);
    }

    @Test
    void invalidResultAfterTheEpochMovedIsDroppedAsFenced() {
        ActiveAssignment assignment = campaign.assigned("seed");
        Verdict.Invalid invalid = invalid(validator.validate(assignment,
                answer(InvalidKind.WRONG_TOKEN).apply(campaign, assignment)));
        campaign.nextJob("job-2", T0 + 1);

        Rejection rejection = handler.handle(assignment, invalid, T0 + 2, TTL);

        assertThat(rejection).isInstanceOf(Rejection.Dropped.class);
        assertThat(((Rejection.Dropped) rejection).refusal()).isEqualTo(Refusal.STALE_EPOCH);
        assertThat(campaign.store.counts().get(Counter.INVALID)).isZero();
    }

    @Test
    void stageBehindASymbolicLinkIsLeftForTheJanitorWhichRemovesOnlyTheLink() throws IOException {
        ActiveAssignment assignment = campaign.assigned("seed");
        Path outside = Files.createDirectory(directory.resolve("outside"));
        Path keep = Files.write(outside.resolve("keep"), bytes("keep"));
        Path rankLevel = campaign.stageOf(assignment).getParent();
        Files.createDirectories(rankLevel.getParent());
        Files.createSymbolicLink(rankLevel, outside);
        Verdict.Invalid invalid = invalid(validator.validate(assignment, WireCodec.encode(
                result(assignment, List.of()))));
        assertThat(invalid.context().get("problems")).contains("NOT_A_DIRECTORY");

        Rejection rejection = handler.handle(assignment, invalid, T0 + 5, TTL);

        assertThat(rejection).isInstanceOf(Rejection.Requeued.class);
        assertThat(rejection.stageRemoved()).isFalse();
        assertThat(keep).exists();
        new StageJanitor(campaign.store, campaign.layout, campaign.files).sweepUpTo(campaign.epoch);
        assertThat(rankLevel).doesNotExist();
        assertThat(keep).hasBinaryContent(bytes("keep"));
    }

    private static Verdict.Invalid invalid(Verdict verdict) {
        assertThat(verdict).isInstanceOf(Verdict.Invalid.class);
        return (Verdict.Invalid) verdict;
    }

    private static void write(Path file, byte[] content) {
        try {
            Files.write(file, content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
