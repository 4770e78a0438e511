package io.frontier.coordinator.validation;

import static io.frontier.coordinator.CampaignFixture.bytes;
import static io.frontier.coordinator.CampaignFixture.idOf;
import static io.frontier.coordinator.CampaignFixture.result;
import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.coordinator.CampaignFixture;
import io.frontier.coordinator.assignment.ActiveAssignment;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.Token;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.wire.Execution;
import io.frontier.store.wire.Result;
import io.frontier.store.wire.WireCodec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultValidatorTest {

    @TempDir
    Path directory;

    private CampaignFixture campaign;
    private ResultValidator validator;
    private ActiveAssignment assignment;

    @BeforeEach
    void assignASeed() {
        campaign = new CampaignFixture(directory);
        validator = new ResultValidator(campaign.layout);
        assignment = campaign.assigned("seed");
    }

    @AfterEach
    void close() {
        campaign.close();
    }

    @Test
    void resultAnsweringItsAssignmentWithAnExactStageIsValid() {
        byte[] payload = campaign.workerAnswers(assignment, "child-1", "child-2");

        Verdict verdict = validator.validate(assignment, payload);

        assertThat(verdict).isInstanceOf(Verdict.Valid.class);
        assertThat(((Verdict.Valid) verdict).result().children()).extracting(DeclaredChild::digest)
                .containsExactly(idOf("child-1"), idOf("child-2"));
    }

    @Test
    void resultWithoutChildrenNeedsNoStage() {
        assertThat(validator.validate(assignment, campaign.workerAnswers(assignment)))
                .isInstanceOf(Verdict.Valid.class);
        assertThat(campaign.stageOf(assignment)).doesNotExist();
    }

    @Test
    void bytesThatDoNotDecodeAreMalformed() {
        campaign.stage(assignment, "child-1");

        Verdict.Invalid invalid = invalid(validator.validate(assignment, "{\"work\":".getBytes(StandardCharsets.UTF_8)));

        assertThat(invalid.kind()).isEqualTo(InvalidKind.MALFORMED);
        assertThat(invalid.context()).containsEntry("workerRank", "3").containsKey("problem");
        assertThat(validator.validate(assignment, null)).isInstanceOf(Verdict.Invalid.class);
    }

    @Test
    void wellFormedJsonOfAnotherShapeIsMalformed() {
        byte[] assign = WireCodec.encode(assignment.message(null, null));

        assertThat(invalid(validator.validate(assignment, assign)).kind()).isEqualTo(InvalidKind.MALFORMED);
    }

    @Test
    void resultNamingAnotherWorkItemIsRejected() {
        Result honest = result(assignment, campaign.stage(assignment, "child-1"));
        Result other = new Result(idOf("other"), honest.token(), honest.result(), honest.input(), honest.children(),
                honest.generated(), honest.execution(), null, null);

        Verdict.Invalid invalid = invalid(validator.validate(assignment, WireCodec.encode(other)));

        assertThat(invalid.kind()).isEqualTo(InvalidKind.WRONG_WORK);
        assertThat(invalid.context()).containsEntry("presentedWork", idOf("other").hex());
    }

    @Test
    void resultPresentingAnotherTokenIsRejected() {
        Result honest = result(assignment, campaign.stage(assignment, "child-1"));
        Token stale = Token.random();
        Result other = new Result(honest.work(), stale, honest.result(), honest.input(), honest.children(),
                honest.generated(), honest.execution(), null, null);

        Verdict.Invalid invalid = invalid(validator.validate(assignment, WireCodec.encode(other)));

        assertThat(invalid.kind()).isEqualTo(InvalidKind.WRONG_TOKEN);
        assertThat(invalid.context()).containsEntry("expectedToken", assignment.token().hex())
                .containsEntry("presentedToken", stale.hex());
    }

    @Test
    void resultNamingAnotherResultIdIsRejected() {
        Result honest = result(assignment, campaign.stage(assignment, "child-1"));
        Result other = new Result(honest.work(), honest.token(), ResultId.random(), honest.input(), honest.children(),
                honest.generated(), honest.execution(), null, null);

        assertThat(invalid(validator.validate(assignment, WireCodec.encode(other))).kind())
                .isEqualTo(InvalidKind.WRONG_RESULT);
    }

    @Test
    void resultReportingOtherInputBytesIsRejected() {
        Result honest = result(assignment, campaign.stage(assignment, "child-1"));
        Result other = new Result(honest.work(), honest.token(), honest.result(), idOf("other bytes"),
                honest.children(), honest.generated(), honest.execution(), null, null);

        Verdict.Invalid invalid = invalid(validator.validate(assignment, WireCodec.encode(other)));

        assertThat(invalid.kind()).isEqualTo(InvalidKind.INPUT_MISMATCH);
        assertThat(invalid.context()).containsEntry("expected", assignment.work().hex())
                .containsEntry("actual", idOf("other bytes").hex());
    }

    @Test
    void anUndeclaredFileInTheStageRejectsIt() throws IOException {
        byte[] payload = campaign.workerAnswers(assignment, "child-1");
        Files.write(campaign.stageOf(assignment).resolve(idOf("extra").hex()), bytes("extra"));

        Verdict.Invalid invalid = invalid(validator.validate(assignment, payload));

        assertThat(invalid.kind()).isEqualTo(InvalidKind.BAD_STAGE);
        assertThat(invalid.context().get("problems")).contains("EXTRA_ENTRY " + idOf("extra").hex());
    }

    @Test
    void aDeclaredChildMissingFromTheStageRejectsIt() throws IOException {
        byte[] payload = campaign.workerAnswers(assignment, "child-1", "child-2");
        Files.delete(campaign.stageOf(assignment).resolve(idOf("child-2").hex()));

        Verdict.Invalid invalid = invalid(validator.validate(assignment, payload));

        assertThat(invalid.kind()).isEqualTo(InvalidKind.BAD_STAGE);
        assertThat(invalid.context().get("problems")).contains("MISSING " + idOf("child-2").hex());
    }

    @Test
    void aStagedChildWhoseBytesDoNotMatchItsNameRejectsIt() {
        byte[] payload = campaign.workerAnswers(assignment, "child-1", "child-2");
        CampaignFixture.flipFirstByte(campaign.stageOf(assignment).resolve(idOf("child-1").hex()));

        Verdict.Invalid invalid = invalid(validator.validate(assignment, payload));

        assertThat(invalid.kind()).isEqualTo(InvalidKind.BAD_STAGE);
        assertThat(invalid.context().get("problems")).contains("WRONG_DIGEST " + idOf("child-1").hex());
    }

    @Test
    void aDeclaredSizeThatIsNotTheFilesRejectsTheStage() {
        List<DeclaredChild> staged = campaign.stage(assignment, "child-1");
        DeclaredChild lying = DeclaredChild.untriaged(staged.get(0).digest(), staged.get(0).size() + 1);
        Result result = new Result(assignment.work(), assignment.token(), assignment.result(), assignment.work(),
                List.of(lying), 1, new Execution("command", "ok", 0, false, 1, false), null, null);

        Verdict.Invalid invalid = invalid(validator.validate(assignment, WireCodec.encode(result)));

        assertThat(invalid.kind()).isEqualTo(InvalidKind.BAD_STAGE);
        assertThat(invalid.context().get("problems")).contains("WRONG_SIZE");
    }

    @Test
    void validationOnlyReads() {
        byte[] payload = campaign.workerAnswers(assignment, "child-1");

        validator.validate(assignment, payload);

        assertThat(campaign.stageOf(assignment).resolve(idOf("child-1").hex())).exists();
        assertThat(campaign.corpusNames()).containsExactly(idOf("seed").hex());
    }

    private static Verdict.Invalid invalid(Verdict verdict) {
        assertThat(verdict).isInstanceOf(Verdict.Invalid.class);
        return (Verdict.Invalid) verdict;
    }
}
