package io.frontier.store.kv;

import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real store whose next calls to {@link #run} end with {@link TransactionOutcomeUnknownException},
 * as a FoundationDB call does when a commit failed with {@code commit_unknown_result} and the call
 * then ran out of executions: each planned call either commits for real and then reports the
 * outcome unknown, or rolls its transaction back and reports the same. The store it wraps does
 * all the work; only the report of the planned calls is changed.
 */
public final class UnknownOutcomeStore implements KeyValueStore {

    /** What a planned call really did before it reported its outcome unknown. */
    public enum Fault {
        /** The transaction committed. */
        COMMITTED,
        /** The transaction was rolled back. */
        NOT_COMMITTED
    }

    private final KeyValueStore store;
    private final ConcurrentLinkedDeque<Fault> planned = new ConcurrentLinkedDeque<>();
    private final AtomicInteger runs = new AtomicInteger();

    public UnknownOutcomeStore(KeyValueStore store) {
        this.store = store;
    }

    /** The next calls to {@link #run}, one per fault, report their outcome unknown. */
    public void plan(Fault... faults) {
        planned.addAll(List.of(faults));
    }

    /** How many times {@link #run} was called. */
    public int runs() {
        return runs.get();
    }

    @Override
    public <T> T run(TransactionBody<T> body) {
        runs.incrementAndGet();
        Fault fault = planned.poll();
        if (fault == null) {
            return store.run(body);
        }
        if (fault == Fault.COMMITTED) {
            store.run(body);
        } else {
            try {
                store.run(tx -> {
                    body.apply(tx);
                    throw new RolledBack();
                });
            } catch (RolledBack expected) {
                // The body ran and its transaction was rolled back.
            }
        }
        throw new TransactionOutcomeUnknownException("transaction may or may not have committed", null)
                .with("store", store.describe())
                .with("injected", fault);
    }

    @Override
    public <T> T read(ReadBody<T> body) {
        return store.read(body);
    }

    @Override
    public String describe() {
        return store.describe();
    }

    @Override
    public void close() {
        store.close();
    }

    /** Ends a body's transaction without committing it. */
    private static final class RolledBack extends RuntimeException {

        private static final long serialVersionUID = 1L;

        RolledBack() {
            super("rolled back on purpose", null, false, false);
        }
    }
}
