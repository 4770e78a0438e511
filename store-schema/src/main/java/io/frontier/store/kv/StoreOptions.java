package io.frontier.store.kv;

import java.time.Duration;
import java.util.Objects;

/**
 * How a store runs its transactions; the same meaning on every backend.
 *
 * @param transactionTimeout the deadline of one {@link KeyValueStore#run} or
 *     {@link KeyValueStore#read} call, counted from its start and covering waiting for locks,
 *     every execution of the body, and the commit. FoundationDB refuses transactions older than
 *     5 s anyway, so a longer timeout only helps the embedded backend wait for its write lock.
 * @param retryLimit the most times one call executes its body; reaching it fails the call
 */
public record StoreOptions(Duration transactionTimeout, int retryLimit) {

    /** 5 s and 100 executions: FoundationDB's own transaction lifetime, and ample retries. */
    public static final StoreOptions DEFAULT = new StoreOptions(Duration.ofSeconds(5), 100);

    public StoreOptions {
        Objects.requireNonNull(transactionTimeout, "transactionTimeout");
        if (transactionTimeout.isNegative() || transactionTimeout.isZero()) {
            throw new IllegalArgumentException("transaction timeout must be positive: " + transactionTimeout);
        }
        if (retryLimit < 1) {
            throw new IllegalArgumentException("retry limit must be at least 1: " + retryLimit);
        }
    }

    public StoreOptions withTransactionTimeout(Duration timeout) {
        return new StoreOptions(timeout, retryLimit);
    }

    public StoreOptions withRetryLimit(int limit) {
        return new StoreOptions(transactionTimeout, limit);
    }
}
