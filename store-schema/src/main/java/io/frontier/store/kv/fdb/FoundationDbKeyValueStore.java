package io.frontier.store.kv.fdb;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.FDBException;
import io.frontier.store.kv.ConflictHints;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.ReadBody;
import io.frontier.store.kv.StoreException;
import io.frontier.store.kv.StoreOptions;
import io.frontier.store.kv.TransactionBody;
import io.frontier.store.kv.TransactionInterruptedException;
import io.frontier.store.kv.TransactionTimeoutException;
import io.frontier.store.kv.TransactionTooOldException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * The store on a FoundationDB cluster, named by its cluster file.
 *
 * <p>{@link #run} is FoundationDB's retry loop, written out so that each execution gets its own
 * bound: the body runs on a transaction, which then commits; on an error, {@code onError}
 * decides whether to run the body again (conflicts and other retryable errors, including
 * {@code commit_unknown_result}, after which the body runs again although the earlier execution
 * may have committed) and waits FoundationDB's back-off. That case is not handled here but by
 * the contract of {@link KeyValueStore#run}: every body is idempotent, with ids made outside the
 * retry loop and a check for its own earlier effect first, so a second execution finds its work
 * done. FoundationDB's automatic idempotency option is deliberately not used. If the call ends
 * (out of executions or time, or refused) before a later execution could tell whether such a
 * commit happened, it ends with {@link io.frontier.store.kv.TransactionOutcomeUnknownException},
 * never with an error that would say nothing was committed ({@link CommitDoubt}). A commit is
 * waited for through interrupts, since an interrupt could not take it back.
 *
 * <p>Bounds: FoundationDB's timeout option counts from the transaction's creation and is not
 * reset by {@code onError} (API 610 and later), so one timeout for the whole loop would let a
 * few conflicts in a row end the call. Instead the option is set again before every execution,
 * to the time already spent plus the execution's bound ({@link StoreOptions#attemptTimeout()},
 * cut to what is left of {@link StoreOptions#callTimeout()}), and to the rest of the call
 * before each back-off. An execution cut by its own bound ({@code transaction_timed_out} with
 * time left in the call) is run again on a new transaction, as FoundationDB runs again one that
 * grew too old. The executions are counted here against {@link StoreOptions#retryLimit()}.
 */
public final class FoundationDbKeyValueStore implements KeyValueStore {

    /** Extra time a wait gives FoundationDB to report its own timeout before giving up itself. */
    private static final Duration WAIT_GRACE = Duration.ofSeconds(1);

    private final Database database;
    private final StoreOptions options;
    private final String description;
    /** Set while this thread runs a read-write body, to refuse nesting as the embedded backend must. */
    private final ThreadLocal<Boolean> inRun = ThreadLocal.withInitial(() -> Boolean.FALSE);
    /** Set by {@link #close}; a call after it is refused as this store's error, not fdb-java's. */
    private volatile boolean closed;

    /** One execution of a body on {@code transaction}, whose waits give up after {@code waitLimit}. */
    @FunctionalInterface
    private interface Execution<T> {
        T apply(com.apple.foundationdb.Transaction transaction, Usable usable, Duration waitLimit);
    }

    private FoundationDbKeyValueStore(Database database, StoreOptions options, String description) {
        this.database = database;
        this.options = options;
        this.description = description;
    }

    /**
     * Opens the database that {@code clusterFile} describes. Nothing is contacted yet: an
     * unreachable cluster shows as {@link TransactionTimeoutException} on the first call.
     *
     * @throws StoreException if the cluster file does not exist or {@code libfdb_c} cannot be
     *     loaded
     */
    public static FoundationDbKeyValueStore open(Path clusterFile, StoreOptions options) {
        Path absolute = clusterFile.toAbsolutePath().normalize();
        if (!Files.isRegularFile(absolute)) {
            throw new StoreException("FoundationDB cluster file does not exist").with("path", absolute);
        }
        ClusterFiles.checkConnectionString(absolute);
        Database database;
        try {
            database = FdbClient.get().open(absolute.toString());
        } catch (FDBException e) {
            throw new StoreException("FoundationDB cluster file cannot be used", e)
                    .with("path", absolute)
                    .with("code", e.getCode());
        }
        return new FoundationDbKeyValueStore(database, options, "fdb:" + absolute);
    }

    @Override
    public <T> T run(TransactionBody<T> body) {
        ensureOpen();
        if (inRun.get()) {
            throw new StoreException("transactions cannot be nested").with("store", description);
        }
        inRun.set(Boolean.TRUE);
        try {
            return executions(true, (transaction, usable, waitLimit) ->
                    body.apply(new FdbTransaction(transaction, usable, waitLimit, description)));
        } finally {
            inRun.remove();
        }
    }

    @Override
    public <T> T read(ReadBody<T> body) {
        ensureOpen();
        return executions(false, (transaction, usable, waitLimit) ->
                body.apply(new FdbReadTransaction(transaction, usable, waitLimit, description, new ConflictHints())));
    }

    /**
     * The retry loop of one call: executes {@code execution} (and commits, if {@code commit})
     * until it succeeds, fails for good, or the call runs out of executions or time. If an
     * earlier commit may have happened, a store failure that ends the call is reported as
     * {@link io.frontier.store.kv.TransactionOutcomeUnknownException} ({@link CommitDoubt}).
     */
    private <T> T executions(boolean commit, Execution<T> execution) {
        long callEnd = System.nanoTime() + options.callTimeout().toNanos();
        long attemptNanos = options.attemptTimeout().toNanos();
        CommitDoubt doubt = new CommitDoubt();
        int executed = 0;
        com.apple.foundationdb.Transaction transaction = database.createTransaction();
        long created = System.nanoTime();
        try {
            while (true) {
                executed++;
                long start = System.nanoTime();
                long bound = Math.min(attemptNanos, callEnd - start);
                if (bound <= 0) {
                    throw callTimedOut(null);
                }
                boolean boundByCall = bound < attemptNanos;
                transaction.options().setTimeout(millisUp(start - created + bound));
                Duration waitLimit = Duration.ofNanos(bound).plus(WAIT_GRACE);
                boolean committing = false;
                try {
                    T result = once(transaction, execution, waitLimit);
                    if (commit) {
                        readVersion(transaction, waitLimit);
                        committing = true;
                        commit(transaction, waitLimit, doubt);
                    }
                    return result;
                } catch (FDBException e) {
                    if (committing) {
                        doubt.commitFailed(e, e.isMaybeCommitted());
                    }
                    if (e.getCode() == CommitDoubt.TRANSACTION_TIMED_OUT && boundByCall) {
                        throw callTimedOut(e);
                    }
                    if (executed >= options.retryLimit()) {
                        throw retryLimitReached(e, executed);
                    }
                    if (e.getCode() == CommitDoubt.TRANSACTION_TIMED_OUT) {
                        // This execution outlived its own bound, not the call's: run the body
                        // again on a new transaction, whose timeout counts from its creation.
                        transaction.close();
                        transaction = null;
                        transaction = database.createTransaction();
                        created = System.nanoTime();
                        continue;
                    }
                    // The back-off and the next execution's start are bounded by the call only.
                    transaction.options().setTimeout(millisUp(callEnd - created));
                    CompletableFuture<com.apple.foundationdb.Transaction> retried = transaction.onError(e);
                    // onError hands the native transaction to the future and closes this object.
                    transaction = null;
                    Duration backOffLimit = Duration.ofNanos(Math.max(0, callEnd - System.nanoTime())).plus(WAIT_GRACE);
                    transaction = FdbFutures.await(retried, backOffLimit, description, new Usable());
                }
            }
        } catch (FDBException e) {
            throw doubt.ending(failed(e), description, executed);
        } catch (RuntimeException e) {
            throw doubt.ending(e, description, executed);
        } finally {
            if (transaction != null) {
                transaction.close();
            }
        }
    }

    /**
     * Waits for the read version a commit starts from (at once if the body has read). A
     * transaction that times out before it has one never reached a commit proxy, so that
     * failure is certain: nothing was committed, and it raises no doubt.
     */
    private void readVersion(com.apple.foundationdb.Transaction transaction, Duration waitLimit) {
        FdbFutures.await(transaction.getReadVersion(), waitLimit, description, new Usable());
    }

    /**
     * Commits {@code transaction} and waits for the answer without giving in to interrupts: an
     * interrupt now could not stop a commit already sent, only hide its outcome. The thread's
     * interrupt status is kept for the caller.
     */
    private void commit(com.apple.foundationdb.Transaction transaction, Duration waitLimit, CommitDoubt doubt) {
        try {
            FdbFutures.awaitCommit(transaction.commit(), waitLimit, description);
        } catch (TransactionTimeoutException unanswered) {
            doubt.commitUnanswered(unanswered);
            throw unanswered;
        }
    }

    /** One execution of the body, refused if one of its waits was given up. */
    private <T> T once(com.apple.foundationdb.Transaction transaction, Execution<T> execution, Duration waitLimit) {
        Usable usable = new Usable();
        try {
            T result = execution.apply(transaction, usable, waitLimit);
            refuseAbandoned(usable);
            return result;
        } finally {
            usable.end();
        }
    }

    /**
     * Ends the execution without committing if one of its waits was given up or the thread was
     * interrupted: the body may have caught that failure and gone on with half its reads.
     */
    private void refuseAbandoned(Usable usable) {
        StoreException abandoned = usable.abandonedWait();
        if (abandoned != null) {
            throw abandoned;
        }
        if (Thread.currentThread().isInterrupted()) {
            throw new TransactionInterruptedException("interrupted while the transaction body ran")
                    .with("store", description);
        }
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        database.close();
    }

    private void ensureOpen() {
        if (closed) {
            throw new StoreException("store is closed").with("store", description);
        }
    }

    private TransactionTimeoutException callTimedOut(FDBException cause) {
        return new TransactionTimeoutException("transaction did not finish before its deadline", cause)
                .with("store", description)
                .with("timeout", options.callTimeout());
    }

    /** The call's end after its last execution failed with {@code last}, which FoundationDB would have retried. */
    private StoreException retryLimitReached(FDBException last, int executed) {
        if (last.getCode() == CommitDoubt.TRANSACTION_TIMED_OUT) {
            return new TransactionTooOldException("transaction outlived what FoundationDB allows", last)
                    .with("store", description)
                    .with("limit", options.attemptTimeout())
                    .with("executions", executed);
        }
        StoreException limit = FdbErrors.limit(last, description);
        if (limit != null) {
            return limit.with("executions", executed);
        }
        return new StoreException("transaction retry limit reached", last)
                .with("store", description)
                .with("retryLimit", options.retryLimit())
                .with("code", last.getCode());
    }

    /** The call's end after an error FoundationDB does not retry. */
    private StoreException failed(FDBException error) {
        StoreException limit = FdbErrors.limit(error, description);
        if (limit != null) {
            return limit;
        }
        if (error.getCode() == CommitDoubt.TRANSACTION_TIMED_OUT) {
            return callTimedOut(error);
        }
        return new StoreException("FoundationDB transaction failed", error)
                .with("store", description)
                .with("code", error.getCode());
    }

    /** Whole milliseconds, rounded up and at least one: FoundationDB reads a timeout of 0 as none. */
    private static long millisUp(long nanos) {
        return Math.max(1, (nanos + 999_999) / 1_000_000);
    }
}
