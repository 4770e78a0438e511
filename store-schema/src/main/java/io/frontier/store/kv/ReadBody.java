package io.frontier.store.kv;

/** The work of one read-only transaction. */
@FunctionalInterface
public interface ReadBody<T> {
    T apply(ReadTransaction tx);
}
