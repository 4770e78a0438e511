package io.frontier.coordinator.commit;

import io.frontier.coordinator.assignment.ActiveAssignment;
import io.frontier.coordinator.validation.Verdict;
import io.frontier.store.error.InvalidInputException;
import io.frontier.store.wire.Result;

/**
 * A RESULT the validator accepted, with the assignment it answers: what the commit chain
 * commits. Immutable.
 *
 * <p>Invariant: the result names the assignment's work, token and result id. The validator
 * compared them, so a mismatch is a bug of the caller.
 */
public record ValidResult(ActiveAssignment assignment, Verdict.Valid valid) {

    /** @throws InvalidInputException if {@code valid} does not answer {@code assignment} */
    public ValidResult {
        if (assignment == null || valid == null) {
            throw new InvalidInputException("valid result lacks its assignment or its verdict");
        }
        Result result = valid.result();
        if (!result.work().equals(assignment.work()) || !result.token().equals(assignment.token())
                || !result.result().equals(assignment.result())) {
            throw new InvalidInputException("valid result does not answer this assignment")
                    .with("work", assignment.work()).with("result", assignment.result())
                    .with("presentedWork", result.work()).with("presentedResult", result.result());
        }
    }

    /** The RESULT as the worker sent it. */
    public Result result() {
        return valid.result();
    }
}
