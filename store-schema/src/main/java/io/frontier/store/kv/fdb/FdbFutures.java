package io.frontier.store.kv.fdb;

import io.frontier.store.kv.StoreException;
import io.frontier.store.kv.TransactionInterruptedException;
import io.frontier.store.kv.TransactionTimeoutException;
import com.apple.foundationdb.async.AsyncUtil;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The one place this backend waits for a FoundationDB future, and never for longer than a
 * transaction may live. FoundationDB's own transaction timeout normally fails the future first;
 * the wait limit here only guards against a client that stops answering. A wait given up is
 * recorded on the body's {@link Usable}, so the body's transaction is not committed even if the
 * body catches the failure and returns.
 */
final class FdbFutures {

    private FdbFutures() {
    }

    /**
     * The future's value. A failure is rethrown as it was, unwrapped from the
     * {@code CompletionException}s a combined future wraps it in (an {@code FDBException} stays
     * one, so {@code Database.run} can decide whether to retry).
     *
     * @throws TransactionTimeoutException if nothing arrived within {@code limit}
     */
    static <T> T await(CompletableFuture<T> future, Duration limit, String store, Usable usable) {
        try {
            return future.get(limit.toNanos(), TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            while (cause instanceof CompletionException && cause.getCause() != null) {
                cause = cause.getCause();
            }
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new StoreException("FoundationDB operation failed", cause).with("store", store);
        } catch (TimeoutException e) {
            future.cancel(true);
            TransactionTimeoutException failure = new TransactionTimeoutException(
                    "FoundationDB did not answer within the transaction's deadline", e)
                    .with("store", store)
                    .with("waited", limit);
            usable.waitAbandoned(failure);
            throw failure;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            future.cancel(true);
            TransactionInterruptedException failure = new TransactionInterruptedException(
                    "interrupted while waiting for FoundationDB", e).with("store", store);
            usable.waitAbandoned(failure);
            throw failure;
        }
    }

    /**
     * The values of all {@code futures}, in order, after one wait for all of them together,
     * under the same limit and with the same failures as {@link #await}; when the wait is given
     * up, every future still running is cancelled.
     */
    static <T> List<T> awaitAll(List<CompletableFuture<T>> futures, Duration limit, String store, Usable usable) {
        try {
            return await(AsyncUtil.getAll(futures), limit, store, usable);
        } catch (RuntimeException | Error e) {
            futures.forEach(future -> future.cancel(true));
            throw e;
        }
    }

    /**
     * Waits for a commit, through interrupts: the commit was sent, so giving up at an interrupt
     * would only hide whether it happened. An interrupt met while waiting is set again on the
     * thread before this returns or throws.
     *
     * @throws TransactionTimeoutException if FoundationDB did not answer within {@code limit};
     *     the commit's outcome is then unknown
     */
    static void awaitCommit(CompletableFuture<Void> commit, Duration limit, String store) {
        long end = System.nanoTime() + limit.toNanos();
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    commit.get(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
                    return;
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof RuntimeException runtime) {
                        throw runtime;
                    }
                    if (cause instanceof Error error) {
                        throw error;
                    }
                    throw new StoreException("FoundationDB commit failed", cause).with("store", store);
                } catch (TimeoutException e) {
                    throw new TransactionTimeoutException("FoundationDB did not answer a commit within the transaction's deadline", e)
                            .with("store", store)
                            .with("waited", limit);
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
