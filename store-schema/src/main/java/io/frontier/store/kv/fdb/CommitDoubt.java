package io.frontier.store.kv.fdb;

import com.apple.foundationdb.FDBException;
import io.frontier.store.kv.StoreException;
import io.frontier.store.kv.TransactionOutcomeUnknownException;

/**
 * Whether an earlier execution of one call may have committed, and so what the call's end means.
 *
 * <p>A commit may have happened when it failed with an error FoundationDB calls "maybe
 * committed" ({@code commit_unknown_result}, {@code cluster_version_changed}), when the
 * transaction's timeout cancelled it in flight, or when the wait for it was given up. From then
 * on, a later execution that commits, or a body's own exception, ends the doubt; but a failure
 * of the store (time or executions run out, any refusal) leaves it, and the call then ends with
 * {@link TransactionOutcomeUnknownException} instead of a failure that would say nothing was
 * committed.
 */
final class CommitDoubt {

    /** FoundationDB's error for a transaction cancelled by its timeout option. */
    static final int TRANSACTION_TIMED_OUT = 1031;

    /** The commit failure that raised the doubt, or null while no commit may have happened. */
    private Exception doubt;

    /**
     * Records that a commit failed with {@code error}.
     *
     * @param maybeCommitted what FoundationDB says of the error ({@link FDBException#isMaybeCommitted()})
     */
    void commitFailed(FDBException error, boolean maybeCommitted) {
        if (doubt == null && (maybeCommitted || error.getCode() == TRANSACTION_TIMED_OUT)) {
            doubt = error;
        }
    }

    /** Records that the wait for a commit was given up while FoundationDB had not answered. */
    void commitUnanswered(StoreException waitGivenUp) {
        if (doubt == null) {
            doubt = waitGivenUp;
        }
    }

    boolean inDoubt() {
        return doubt != null;
    }

    /**
     * What the call throws when {@code failure} ends it after {@code executions} executions:
     * {@code failure} itself, unless it is a store failure and an earlier commit may have
     * happened.
     */
    RuntimeException ending(RuntimeException failure, String store, int executions) {
        if (doubt == null || !(failure instanceof StoreException)) {
            return failure;
        }
        return new TransactionOutcomeUnknownException("transaction may or may not have committed", failure)
                .with("store", store)
                .with("executions", executions)
                .with("inDoubtSince", doubt instanceof FDBException fdb ? "FoundationDB error " + fdb.getCode()
                        : doubt.getMessage());
    }
}
