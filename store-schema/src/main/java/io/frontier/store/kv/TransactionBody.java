package io.frontier.store.kv;

/** The work of one read-write transaction; may run more than once, so it must be idempotent. */
@FunctionalInterface
public interface TransactionBody<T> {
    T apply(Transaction tx);
}
