package io.frontier.store.kv;

/**
 * An ordered, transactional key-value store: FoundationDB or the embedded SQLite backend.
 *
 * <p>{@link #run} is the only way to change the store. It executes the body in a serializable
 * read-write transaction and retries it when the transaction conflicts or the outcome of a
 * commit is unknown; the body may therefore run more than once and must be idempotent (generate
 * ids outside, check for its own earlier effect first). Every execution and every call has a
 * timeout ({@link StoreOptions}), after which {@link #run} fails instead of waiting forever; a
 * call that ends while an earlier commit may have happened says so
 * ({@link TransactionOutcomeUnknownException}), and its caller runs the operation again.
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
     * <p>What a failure says about the store: {@link TransactionOutcomeUnknownException} means
     * the transaction may have committed once or not at all; every other exception means that
     * nothing of this call was committed. An exception thrown by {@code body} itself reaches the
     * caller unchanged (that execution committed nothing, and no earlier execution did either,
     * or the body, which checks for its own earlier effect, would have found it and returned).
     *
     * @return what the last, committed execution of {@code body} returned
     * @throws TransactionOutcomeUnknownException if a commit may have happened and the call
     *     ended before a later execution could tell (see that exception for when); run the same
     *     idempotent operation again to learn the outcome
     * @throws TransactionTimeoutException if the call did not finish within
     *     {@link StoreOptions#callTimeout()}; nothing was committed
     * @throws TransactionLimitException if the transaction breaks one of FoundationDB's limits;
     *     nothing was committed
     * @throws TransactionInterruptedException if the thread was interrupted or a wait was given
     *     up while the body ran; nothing was committed
     * @throws StoreException if the retry limit was reached, the call was nested in another
     *     {@code run}, or the backend failed; nothing was committed
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
