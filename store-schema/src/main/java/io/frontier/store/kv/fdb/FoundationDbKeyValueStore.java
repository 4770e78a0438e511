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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * The store on a FoundationDB cluster, named by its cluster file.
 *
 * <p>{@link #run} is {@code Database.run}: FoundationDB retries the body on conflicts and on
 * other retryable errors, including {@code commit_unknown_result}, after which the body runs
 * again although the earlier execution may have committed. That case is not handled here but by
 * the contract of {@link KeyValueStore#run}: every body is idempotent, with ids made outside the
 * retry loop and a check for its own earlier effect first, so a second execution finds its work
 * done. FoundationDB's automatic idempotency option is deliberately not used.
 *
 * <p>Every transaction this store creates carries the database-wide options set at open: a
 * timeout of {@link StoreOptions#transactionTimeout()}, which FoundationDB counts from the
 * transaction's creation across all its retries, and a retry limit of
 * {@link StoreOptions#retryLimit()} executions.
 */
public final class FoundationDbKeyValueStore implements KeyValueStore {

    /** FoundationDB's error for a transaction cancelled by its timeout option. */
    private static final int TRANSACTION_TIMED_OUT = 1031;
    /** Extra time a wait gives FoundationDB to report its own timeout before giving up itself. */
    private static final Duration WAIT_GRACE = Duration.ofSeconds(1);

    private final Database database;
    private final StoreOptions options;
    private final String description;
    private final Duration waitLimit;
    /** Set while this thread runs a read-write body, to refuse nesting as the embedded backend must. */
    private final ThreadLocal<Boolean> inRun = ThreadLocal.withInitial(() -> Boolean.FALSE);
    /** Set by {@link #close}; a call after it is refused as this store's error, not fdb-java's. */
    private volatile boolean closed;

    private FoundationDbKeyValueStore(Database database, StoreOptions options, String description) {
        this.database = database;
        this.options = options;
        this.description = description;
        this.waitLimit = options.transactionTimeout().plus(WAIT_GRACE);
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
        Database database;
        try {
            database = FdbClient.get().open(absolute.toString());
        } catch (FDBException e) {
            throw new StoreException("FoundationDB cluster file cannot be used", e)
                    .with("path", absolute)
                    .with("code", e.getCode());
        }
        try {
            database.options().setTransactionTimeout(options.transactionTimeout().toMillis());
            database.options().setTransactionRetryLimit(options.retryLimit() - 1L);
        } catch (FDBException e) {
            database.close();
            throw new StoreException("FoundationDB database options cannot be set", e)
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
            return database.run(transaction -> {
                Usable usable = new Usable();
                try {
                    T result = body.apply(new FdbTransaction(transaction, usable, waitLimit, description));
                    refuseAbandoned(usable);
                    return result;
                } finally {
                    usable.end();
                }
            });
        } catch (RuntimeException e) {
            throw translate(e);
        } finally {
            inRun.remove();
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
    public <T> T read(ReadBody<T> body) {
        ensureOpen();
        try {
            return database.read(transaction -> {
                Usable usable = new Usable();
                try {
                    return body.apply(new FdbReadTransaction(transaction, usable, waitLimit, description, new ConflictHints()));
                } finally {
                    usable.end();
                }
            });
        } catch (RuntimeException e) {
            throw translate(e);
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

    /**
     * Unwraps what {@code Database.run} wrapped, rethrows the body's own exceptions unchanged,
     * and names FoundationDB's final errors.
     */
    private RuntimeException translate(RuntimeException thrown) {
        Throwable cause = thrown;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof FDBException fdb) {
            StoreException limit = FdbErrors.limit(fdb, description);
            if (limit != null) {
                return limit;
            }
            if (fdb.getCode() == TRANSACTION_TIMED_OUT) {
                return new TransactionTimeoutException("transaction did not finish before its deadline", fdb)
                        .with("store", description)
                        .with("timeout", options.transactionTimeout());
            }
            if (fdb.isRetryable()) {
                return new StoreException("transaction retry limit reached", fdb)
                        .with("store", description)
                        .with("retryLimit", options.retryLimit())
                        .with("code", fdb.getCode());
            }
            return new StoreException("FoundationDB transaction failed", fdb)
                    .with("store", description)
                    .with("code", fdb.getCode());
        }
        if (cause instanceof RuntimeException runtime) {
            return runtime;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        return new StoreException("FoundationDB transaction failed", cause).with("store", description);
    }
}
