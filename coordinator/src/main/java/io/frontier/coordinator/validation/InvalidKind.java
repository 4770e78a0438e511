package io.frontier.coordinator.validation;

/** Why a RESULT was judged invalid. */
public enum InvalidKind {
    /** The bytes do not decode strictly as a well-formed RESULT. */
    MALFORMED,
    /** It names another work item than the active assignment. */
    WRONG_WORK,
    /** It presents another token than the active assignment. */
    WRONG_TOKEN,
    /** It names another result id, and so another stage, than the active assignment. */
    WRONG_RESULT,
    /** The worker executed bytes whose digest is not the work id. */
    INPUT_MISMATCH,
    /** The stage is not exactly the declared children, intact, in real directories. */
    BAD_STAGE,
    /** The execution was run by another kind of executor than the active assignment names. */
    WRONG_EXECUTOR
}
