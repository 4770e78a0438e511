package io.frontier.store.kv.sqlite;

import io.frontier.store.kv.KeyLimits;
import io.frontier.store.kv.TransactionTimeoutException;
import io.frontier.store.kv.TransactionTooOldException;
import java.time.Duration;

/**
 * Whether one execution of a transaction body may still use its transaction: only until the
 * body returns, only until the call's deadline, and only while the transaction is younger than
 * FoundationDB lets a transaction live ({@link KeyLimits#MAX_TRANSACTION_AGE}), counted from
 * the moment the execution's SQLite transaction began, which is no later than FoundationDB
 * would take its read version.
 */
final class Lifetime {

    private static final long MAX_AGE_NANOS = KeyLimits.MAX_TRANSACTION_AGE.toNanos();

    private final Deadline deadline;
    private final String store;
    /** {@link System#nanoTime()} when this execution's transaction began. */
    private final long startNanos = System.nanoTime();
    /** False once the body has returned or thrown; volatile so an escaped transaction fails on any thread. */
    private volatile boolean open = true;

    Lifetime(Deadline deadline, String store) {
        this.deadline = deadline;
        this.store = store;
    }

    /**
     * @throws IllegalStateException if the body has already returned
     * @throws TransactionTimeoutException if the deadline has passed
     * @throws TransactionTooOldException if the transaction has outlived FoundationDB's limit
     */
    void check() {
        if (!open) {
            throw new IllegalStateException("transaction used after its body returned");
        }
        checkCommit();
    }

    /**
     * Checks, after the body returned, that the transaction may still commit.
     *
     * @throws TransactionTimeoutException if the deadline has passed
     * @throws TransactionTooOldException if the transaction has outlived FoundationDB's limit
     */
    void checkCommit() {
        if (deadline.expired()) {
            throw timedOut(store, deadline);
        }
        long age = System.nanoTime() - startNanos;
        if (age > MAX_AGE_NANOS) {
            throw new TransactionTooOldException("transaction outlived what FoundationDB allows")
                    .with("store", store)
                    .with("age", Duration.ofNanos(age))
                    .with("limit", KeyLimits.MAX_TRANSACTION_AGE);
        }
    }

    void end() {
        open = false;
    }

    static TransactionTimeoutException timedOut(String store, Deadline deadline) {
        return timedOut(store, deadline, null);
    }

    static TransactionTimeoutException timedOut(String store, Deadline deadline, Throwable cause) {
        return new TransactionTimeoutException("transaction did not finish before its deadline", cause)
                .with("store", store)
                .with("timeout", deadline.timeout());
    }
}
