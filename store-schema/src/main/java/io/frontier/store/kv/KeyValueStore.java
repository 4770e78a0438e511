package io.frontier.store.kv;

/**
 * An ordered, transactional key-value store: FoundationDB or the embedded SQLite backend.
 *
 * <p>{@link #run} is the only way to change the store. It executes the body in a serializable
 * read-write transaction and retries it when the transaction conflicts or the outcome of a
 * commit is unknown; the body may therefore run more than once and must be idempotent (generate
 * ids outside, check for its own earlier effect first). Every transaction has a timeout, after
 * which {@link #run} fails instead of waiting forever.
 *
 * <p>Implementations are safe for use by many threads; each call runs its own transaction.
 */
public interface KeyValueStore extends AutoCloseable {

    /**
     * Runs {@code body} in a serializable read-write transaction and commits it, retrying on
     * conflict.
     *
     * @return what the last, committed execution of {@code body} returned
     */
    <T> T run(TransactionBody<T> body);

    /**
     * Runs {@code body} in a read-only transaction. Nothing it does is committed; use it for
     * status views and checks that must not conflict with writers.
     */
    <T> T read(ReadBody<T> body);

    /** A description for messages and logs, e.g. {@code sqlite:/data/campaign/store.db}. */
    String describe();

    @Override
    void close();
}
