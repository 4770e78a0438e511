package io.frontier.store.kv.sqlite;

import io.frontier.store.kv.StoreOptions;
import io.frontier.store.kv.TransactionTimeoutException;
import io.frontier.store.kv.TransactionTooOldException;
import java.time.Duration;

/**
 * Whether one execution of a transaction body may still use its transaction: only until the
 * body returns, only until the call's deadline, and only while the transaction is younger than
 * its {@link StoreOptions#attemptTimeout()} (at most FoundationDB's lifetime of a transaction),
 * counted from the moment the execution's SQLite transaction began, which is no later than
 * FoundationDB would take its read version.
 */
final class Lifetime {

    private final Deadline call;
    private final Deadline attempt;
    private final String store;
    /** False once the body has returned or thrown; volatile so an escaped transaction fails on any thread. */
    private volatile boolean open = true;

    /** The lifetime of an execution whose transaction begins now. */
    Lifetime(Deadline call, Duration attemptTimeout, String store) {
        this.call = call;
        this.attempt = Deadline.after(attemptTimeout);
        this.store = store;
    }

    /**
     * @throws IllegalStateException if the body has already returned
     * @throws TransactionTimeoutException if the call's deadline has passed
     * @throws TransactionTooOldException if the transaction has outlived its attempt timeout
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
     * @throws TransactionTimeoutException if the call's deadline has passed
     * @throws TransactionTooOldException if the transaction has outlived its attempt timeout
     */
    void checkCommit() {
        if (call.expired()) {
            throw timedOut(store, call);
        }
        if (attempt.expired()) {
            throw new TransactionTooOldException("transaction outlived what FoundationDB allows")
                    .with("store", store)
                    .with("age", attempt.timeout().plusNanos(-attempt.remainingNanos()))
                    .with("limit", attempt.timeout());
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
