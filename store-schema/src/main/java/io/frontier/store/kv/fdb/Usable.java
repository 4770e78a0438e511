package io.frontier.store.kv.fdb;

/** Whether one execution of a body may still use its transaction: only until the body returns. */
final class Usable {

    /** False once the body has returned or thrown; volatile so an escaped transaction fails on any thread. */
    private volatile boolean open = true;

    void check() {
        if (!open) {
            throw new IllegalStateException("transaction used after its body returned");
        }
    }

    void end() {
        open = false;
    }
}
