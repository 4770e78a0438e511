package io.frontier.worker.rank;

import io.frontier.store.pruning.PruningMap;
import io.frontier.store.wire.Assign;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.wire.DeclaredFinding;
import io.frontier.store.wire.Execution;
import io.frontier.store.wire.LeftOut;
import io.frontier.store.wire.Result;
import io.frontier.worker.executor.process.Termination;
import java.util.List;
import java.util.Locale;

/**
 * The three RESULTs a worker sends; each echoes the assignment's work, token and result id.
 *
 * <ul>
 *   <li><b>Executed</b>: {@code input} is the work id (the bytes were verified), {@code children}
 *       are exactly what the stage holds, {@code execution} is what the target did, and
 *       {@code pruningMap} what the run added to the shared pruning map it was handed. A target
 *       that crashed or timed out is a normal outcome; its outputs count.</li>
 *   <li><b>Input mismatch</b>: the corpus object did not yield the bytes its name promises, so
 *       nothing ran. {@code input} is the digest of what was read, which differs from the work
 *       id; no children; exit kind {@value #NOT_RUN}. The coordinator re-verifies the object.
 *       (The one object whose failed read hashes to its name, the empty input's, is answered as
 *       a worker failure instead, so that "nothing ran" never looks like a valid RESULT.)</li>
 *   <li><b>Worker failure</b>: this worker could not execute the input or stage its children
 *       (an executor or filesystem error on this node). The RESULT declares one child, the
 *       input itself, which a worker never stages (an output equal to the input is dropped), so
 *       the coordinator's exact stage inventory always finds it missing and rejects the result:
 *       stage removed, worker quarantined, the same work and token retried elsewhere. No flag
 *       in the message is needed, and no chance that a partial stage looks complete. A rejected
 *       RESULT's figures are never recorded; {@code generated} is at least 1 only because a
 *       RESULT may not declare more children than it generated.</li>
 * </ul>
 */
final class Answers {

    /** The exit kind of a RESULT for an input that was never executed. */
    static final String NOT_RUN = "not_run";

    private static final Execution NOTHING_RAN = new Execution("none", NOT_RUN, 0, false, 0, false);

    private Answers() {
    }

    /**
     * @param pruning the bits the run added to the shared pruning map it was handed, or null
     */
    static Result executed(Assign assign, ChildStaging.Staged staged, String executor,
                           io.frontier.worker.executor.Execution execution, DeclaredFinding finding,
                           PruningMap pruning) {
        LeftOut leftOut = execution.leftOut().plus(new LeftOut(0, 0, staged.overLimit()));
        return new Result(assign.work(), assign.token(), assign.result(), assign.work(), staged.children(),
                staged.generated(), figures(executor, execution), finding, pruning, leftOut);
    }

    static Result inputMismatch(Assign assign, InputCopy.Copied copied) {
        return new Result(assign.work(), assign.token(), assign.result(), copied.actual(), List.of(), 0, NOTHING_RAN, null, null);
    }

    /**
     * @param inputSize size of the input, for the declared child
     * @param generated outputs the target wrote, if it ran
     * @param execution what the target did, if it ran; {@code null} if it did not
     */
    static Result workerFailure(Assign assign, long inputSize, int generated, String executor,
                                io.frontier.worker.executor.Execution execution) {
        List<DeclaredChild> unstageable = List.of(DeclaredChild.untriaged(assign.work(), inputSize));
        return new Result(assign.work(), assign.token(), assign.result(), assign.work(), unstageable,
                Math.max(1, generated), execution == null ? NOTHING_RAN : figures(executor, execution), null, null);
    }

    /** The wire figures of an execution: exit kind in lower case, exit code or signal, wall time. */
    static Execution figures(String executor, io.frontier.worker.executor.Execution execution) {
        String kind = execution.kind().name().toLowerCase(Locale.ROOT);
        long wallMillis = execution.wallTime().toMillis();
        if (execution.termination() instanceof Termination.Signaled signaled) {
            return new Execution(executor, kind, signaled.signal(), true, wallMillis, execution.timedOut());
        }
        int code = ((Termination.Exited) execution.termination()).code();
        return new Execution(executor, kind, code, false, wallMillis, execution.timedOut());
    }
}
