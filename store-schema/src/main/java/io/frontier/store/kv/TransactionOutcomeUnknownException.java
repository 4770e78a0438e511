package io.frontier.store.kv;

/**
 * A call ended without knowing whether its transaction committed: it may have committed once,
 * or not at all (never twice: every later execution either commits in its place or does not).
 *
 * <p>When: on FoundationDB, a commit that failed with {@code commit_unknown_result} (or
 * {@code cluster_version_changed}), or timed out, or was not answered within the wait's limit,
 * after which the call ran out of executions or time before another execution told; on the
 * embedded store, a {@code COMMIT} statement that failed (an I/O error while the log was being
 * written and synced, after which SQLite's recovery may still find the commit in the log).
 *
 * <p>What to do: every body is idempotent and recognises its own earlier effect, so running the
 * same operation again tells the outcome: it commits, or finds the earlier commit. The cause is
 * the failure that ended the call.
 */
public final class TransactionOutcomeUnknownException extends StoreException {

    private static final long serialVersionUID = 1L;

    public TransactionOutcomeUnknownException(String message, Throwable cause) {
        super(message, cause);
    }

    /** As {@link io.frontier.store.error.FrontierException#with}, keeping this type for chaining. */
    @Override
    public TransactionOutcomeUnknownException with(String key, Object value) {
        super.with(key, value);
        return this;
    }
}
