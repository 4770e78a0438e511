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
 * Calls must not be nested: a body must not call {@link #run} (the embedded backend would wait
 * for itself), so both backends refuse it. Keys and values must respect {@link KeyLimits} on
 * every backend.
 */
public interface KeyValueStore extends AutoCloseable {

    /**
     * Runs {@code body} in a serializable read-write transaction and commits it, retrying on
     * conflict.
     *
     * @return what the last, committed execution of {@code body} returned
     * @throws TransactionTimeoutException if the call did not finish within
     *     {@link StoreOptions#callTimeout()}; nothing was committed
     * @throws StoreException if the retry limit was reached, the call was nested in another
     *     {@code run}, or the backend failed; nothing was committed. An exception thrown by
     *     {@code body} itself reaches the caller unchanged, and nothing is committed then either.
     */
    <T> T run(TransactionBody<T> body);

    /**
     * Runs {@code body} in a read-only transaction that sees one consistent snapshot. It neither
     * conflicts with nor blocks writers; use it for status views and checks. The body may run
     * more than once (the backend retries transient errors) and has the same deadline as
     * {@link #run}.
     */
    <T> T read(ReadBody<T> body);

    /** A description for messages and logs, e.g. {@code sqlite:/data/campaign/store.db}. */
    String describe();

    @Override
    void close();
}
