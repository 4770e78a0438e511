package io.frontier.store.kv;

import java.time.Duration;
import java.util.Objects;

/**
 * How a store runs its transactions; the same meaning on every backend.
 *
 * <p>Two bounds, because FoundationDB bounds each transaction while a call may need several:
 * one execution of the body gets FoundationDB's own lifetime, and the call as a whole gets
 * enough time for a few conflicts in a row, a wait for the embedded store's write lock, or a
 * cluster recovery of some seconds.
 *
 * @param attemptTimeout how long one execution of the body and its commit may take, counted
 *     from the moment its transaction began: on the embedded store once it holds the write lock,
 *     so waiting for the lock does not count. At most {@link KeyLimits#MAX_TRANSACTION_AGE},
 *     FoundationDB's limit. An execution that outlives it is refused
 *     ({@link TransactionTooOldException}); on the embedded store that ends the call, as only
 *     the body itself can make an execution slow there, while FoundationDB runs the body again
 *     as long as the call has time, as it does after its own {@code transaction_too_old}, since
 *     the cluster may have stalled the execution.
 * @param callTimeout the deadline of one {@link KeyValueStore#run} or {@link KeyValueStore#read}
 *     call, counted from its start and covering waiting for locks, every execution of the body,
 *     the pauses between them and the commit; past it the call ends with
 *     {@link TransactionTimeoutException}. An execution never runs past it either.
 * @param retryLimit the most times one call executes its body; reaching it ends the call with
 *     the failure of the last execution
 */
public record StoreOptions(Duration attemptTimeout, Duration callTimeout, int retryLimit) {

    /**
     * 5 s per execution (FoundationDB's transaction lifetime), 30 s per call, and 100
     * executions: a call survives several conflicts or seconds of waiting in a row.
     */
    public static final StoreOptions DEFAULT =
            new StoreOptions(KeyLimits.MAX_TRANSACTION_AGE, Duration.ofSeconds(30), 100);

    public StoreOptions {
        Objects.requireNonNull(attemptTimeout, "attemptTimeout");
        Objects.requireNonNull(callTimeout, "callTimeout");
        if (attemptTimeout.isNegative() || attemptTimeout.isZero()
                || attemptTimeout.compareTo(KeyLimits.MAX_TRANSACTION_AGE) > 0) {
            throw new IllegalArgumentException("attempt timeout must be positive and at most "
                    + KeyLimits.MAX_TRANSACTION_AGE + ": " + attemptTimeout);
        }
        if (callTimeout.isNegative() || callTimeout.isZero()) {
            throw new IllegalArgumentException("call timeout must be positive: " + callTimeout);
        }
        if (retryLimit < 1) {
            throw new IllegalArgumentException("retry limit must be at least 1: " + retryLimit);
        }
    }

    public StoreOptions withAttemptTimeout(Duration timeout) {
        return new StoreOptions(timeout, callTimeout, retryLimit);
    }

    public StoreOptions withCallTimeout(Duration timeout) {
        return new StoreOptions(attemptTimeout, timeout, retryLimit);
    }

    public StoreOptions withRetryLimit(int limit) {
        return new StoreOptions(attemptTimeout, callTimeout, limit);
    }
}
