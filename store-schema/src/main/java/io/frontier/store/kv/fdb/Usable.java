package io.frontier.store.kv.fdb;

import io.frontier.store.kv.StoreException;

/**
 * Whether one execution of a body may still use its transaction: only until the body returns;
 * and whether a wait of the body was given up, after which the body's writes are not committed.
 */
final class Usable {

    /** False once the body has returned or thrown; volatile so an escaped transaction fails on any thread. */
    private volatile boolean open = true;
    /** The first wait of this execution that was given up (interrupted or timed out), or null. */
    private volatile StoreException abandonedWait;

    void check() {
        if (!open) {
            throw new IllegalStateException("transaction used after its body returned");
        }
    }

    void end() {
        open = false;
    }

    /** Records that a wait was given up; the first one is kept. */
    void waitAbandoned(StoreException failure) {
        if (abandonedWait == null) {
            abandonedWait = failure;
        }
    }

    /** The first wait given up during this execution, or null if none was. */
    StoreException abandonedWait() {
        return abandonedWait;
    }
}
