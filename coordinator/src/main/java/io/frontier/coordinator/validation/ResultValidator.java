package io.frontier.coordinator.validation;

import io.frontier.coordinator.assignment.ActiveAssignment;
import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.corpus.fs.CorpusIoException;
import io.frontier.store.corpus.stage.StageInspector;
import io.frontier.store.corpus.stage.StageRejectedException;
import io.frontier.store.corpus.stage.StagedChild;
import io.frontier.store.wire.MalformedMessageException;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.wire.Result;
import io.frontier.store.wire.WireCodec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Judges one RESULT against the active assignment of the rank that sent it.
 *
 * <p>Checks, in order, stopping at the first that fails: strict decoding (which also rejects a
 * child declared twice, more children than outputs, or more than a manifest entry holds); work,
 * token and result id equal to the assignment's; input digest equal to the work id; the execution
 * run by the kind of executor the assignment named (the manifest counts executions by kind, and
 * whether the item gets another round depends on it); and the stage
 * {@code .stage-<epoch>/<worker rank>/<result id>} holding exactly the declared children, each a
 * regular file of the declared size whose bytes hash to its name. Only reads; stateless and safe
 * for use by many threads.
 */
public final class ResultValidator {

    private final StageInspector inspector;

    public ResultValidator(CorpusLayout layout) {
        this.inspector = new StageInspector(layout);
    }

    /**
     * The verdict on {@code payload}, the bytes of a RESULT received from
     * {@code assignment.workerRank()}. Never throws for anything in the payload or the stage;
     * an invalid verdict names the first check that failed.
     */
    public Verdict validate(ActiveAssignment assignment, byte[] payload) {
        if (payload == null) {
            return invalid(InvalidKind.MALFORMED, "result has no payload", assignment, Map.of());
        }
        Result result;
        try {
            result = WireCodec.decode(payload, Result.class);
        } catch (MalformedMessageException e) {
            return invalid(InvalidKind.MALFORMED, "result does not decode", assignment, e.context());
        }
        if (!result.work().equals(assignment.work())) {
            return invalid(InvalidKind.WRONG_WORK, "result names another work item", assignment,
                    Map.of("presentedWork", result.work().hex()));
        }
        if (!result.token().equals(assignment.token())) {
            return invalid(InvalidKind.WRONG_TOKEN, "result presents another token", assignment,
                    Map.of("expectedToken", assignment.token().hex(), "presentedToken", result.token().hex()));
        }
        if (!result.result().equals(assignment.result())) {
            return invalid(InvalidKind.WRONG_RESULT, "result names another result id", assignment,
                    Map.of("expectedResult", assignment.result().hex(), "presentedResult", result.result().hex()));
        }
        if (!result.input().equals(assignment.work())) {
            return invalid(InvalidKind.INPUT_MISMATCH, "worker executed other bytes than the work id names",
                    assignment, Map.of("expected", assignment.work().hex(), "actual", result.input().hex()));
        }
        if (!result.execution().executor().equals(assignment.executor())) {
            return invalid(InvalidKind.WRONG_EXECUTOR, "result was run by another kind of executor than assigned",
                    assignment, Map.of("expectedExecutor", assignment.executor(),
                            "presentedExecutor", result.execution().executor()));
        }
        // A redundant child the worker did not stage is recorded only: nothing of it is on disk.
        List<StagedChild> declared = result.children().stream().filter(DeclaredChild::staged)
                .map(child -> new StagedChild(child.digest(), child.size()))
                .toList();
        try {
            inspector.inspect(assignment.stage(), declared);
        } catch (StageRejectedException e) {
            return invalid(InvalidKind.BAD_STAGE, "stage does not hold exactly the declared children",
                    assignment, e.context());
        } catch (CorpusIoException e) {
            // A worker can make its own stage unreadable; that is its fault, not the corpus's.
            return invalid(InvalidKind.BAD_STAGE, "stage cannot be read", assignment, e.context());
        }
        return new Verdict.Valid(result);
    }

    private Verdict.Invalid invalid(InvalidKind kind, String reason, ActiveAssignment assignment, Map<String, String> details) {
        Map<String, String> context = new LinkedHashMap<>();
        context.put("work", assignment.work().hex());
        context.put("workerRank", Integer.toString(assignment.workerRank()));
        context.put("result", assignment.result().hex());
        context.put("stage", CorpusLayout.stageName(assignment.stage()));
        context.putAll(details);
        return new Verdict.Invalid(kind, reason, context);
    }
}
