package io.frontier.store.kv.sqlite;

import io.frontier.store.kv.TransactionTimeoutException;

/**
 * Whether one execution of a transaction body may still use its transaction: only until the
 * body returns, and only until the call's deadline.
 */
final class Lifetime {

    private final Deadline deadline;
    private final String store;
    /** False once the body has returned or thrown; volatile so an escaped transaction fails on any thread. */
    private volatile boolean open = true;

    Lifetime(Deadline deadline, String store) {
        this.deadline = deadline;
        this.store = store;
    }

    /**
     * @throws IllegalStateException if the body has already returned
     * @throws TransactionTimeoutException if the deadline has passed
     */
    void check() {
        if (!open) {
            throw new IllegalStateException("transaction used after its body returned");
        }
        if (deadline.expired()) {
            throw timedOut(store, deadline);
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
