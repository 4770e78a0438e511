package io.frontier.store.kv.sqlite;

import io.frontier.store.kv.DamagedStoreException;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.NotAStoreFileException;
import io.frontier.store.kv.ReadOnlyStoreException;
import io.frontier.store.kv.ReadBody;
import io.frontier.store.kv.StoreException;
import io.frontier.store.kv.StoreOptions;
import io.frontier.store.kv.TransactionBody;
import io.frontier.store.kv.TransactionInterruptedException;
import io.frontier.store.kv.TransactionOutcomeUnknownException;
import io.frontier.store.kv.TransactionTimeoutException;
import io.frontier.store.kv.UnsupportedFilesystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Deque;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The embedded store: one SQLite file on a local disk, shared safely by the threads of this
 * process and by other processes on the same machine.
 *
 * <p>Writes: each {@link #run} takes this process's writer connection (one thread at a time, in
 * arrival order) and then SQLite's write lock with {@code BEGIN IMMEDIATE} (one process at a
 * time), so transactions never conflict and the body normally runs once. It runs again only if
 * SQLite reports the database busy in the middle of a transaction, which the retry absorbs.
 *
 * <p>Reads: each {@link #read} borrows a reader connection; in WAL mode a reader sees the last
 * commit before its first read and neither blocks nor waits for writers.
 *
 * <p>Every call has a deadline ({@link StoreOptions#callTimeout()}) covering lock waits,
 * every execution of the body and the commit; past it the call rolls back and throws
 * {@link TransactionTimeoutException}. Each execution, from the moment it holds the write lock,
 * has the shorter {@link StoreOptions#attemptTimeout()}, FoundationDB's lifetime of a
 * transaction; past it the call rolls back and throws
 * {@link io.frontier.store.kv.TransactionTooOldException} at once, since nothing but the body
 * can make an execution slow here. Limits: one machine only (network filesystems are refused); a
 * slow body holds up every writer on the machine for as long as it runs.
 *
 * <p>Read-only: where this process cannot write the store's directory or file (permissions, a
 * read-only mount), the store opens for reading only: reads work, and {@link #run} refuses with
 * {@link ReadOnlyStoreException} before anything begins.
 */
public final class SqliteKeyValueStore implements KeyValueStore {

    /** SQLite's primary result code for a write refused because the database is read-only. */
    private static final int SQLITE_READONLY = 8;
    /** SQLite's primary result code for a file (the database, its log or its shared memory) it cannot open. */
    private static final int SQLITE_CANTOPEN = 14;

    private final Path path;
    private final StoreOptions options;
    private final String description;
    /** Guards {@link #writer}; fair, so waiting threads take turns in arrival order. */
    private final ReentrantLock writerLock = new ReentrantLock(true);
    /** This process's writer connection; null when the store is read-only here. */
    private final Statements writer;
    /** Why this process can only read the store (its directory or file is read-only), or null. */
    private final String readOnly;
    /** Reader connections not in use; a reader borrows one or opens a new one. */
    private final Deque<Statements> idleReaders = new ConcurrentLinkedDeque<>();
    private volatile boolean closed;

    private SqliteKeyValueStore(Path path, StoreOptions options, Statements writer, String readOnly) {
        this.path = path;
        this.options = options;
        this.description = "sqlite:" + path;
        this.writer = writer;
        this.readOnly = readOnly;
    }

    /**
     * Opens the store at {@code path}, creating it if no file exists there. The filesystem is
     * judged from {@code /proc/self/mountinfo}; where the system has none (not Linux) it cannot
     * be judged and is accepted.
     *
     * @throws UnsupportedFilesystemException if the path is on a network filesystem
     * @throws NotAStoreFileException if a file exists there that is not a Frontier store; the
     *     file is left unchanged
     * @throws StoreException if the directory does not exist or the file cannot be opened
     */
    public static SqliteKeyValueStore open(Path path, StoreOptions options) {
        return open(path, options, MountTable.ofThisProcess().orElse(null));
    }

    /** As {@link #open(Path, StoreOptions)}, judging the filesystem by {@code mounts} (null: unknown). */
    static SqliteKeyValueStore open(Path path, StoreOptions options, MountTable mounts) {
        Path absolute = path.toAbsolutePath().normalize();
        if (absolute.getParent() == null || !Files.isDirectory(absolute.getParent())) {
            throw new StoreException("store directory does not exist").with("path", absolute);
        }
        if (mounts != null) {
            FilesystemGuard.check(absolute, mounts);
        }
        StoreFile.openOrCreate(absolute);
        String description = "sqlite:" + absolute;
        try {
            return new SqliteKeyValueStore(absolute, options,
                    new Statements(Connections.open(absolute, Connections.Role.WRITER, options.callTimeout()), description),
                    null);
        } catch (StoreException e) {
            String readOnly = readOnlyHere(absolute, e);
            if (readOnly == null) {
                throw e;
            }
            return new SqliteKeyValueStore(absolute, options, null, readOnly);
        }
    }

    /**
     * Why this process cannot write the store at {@code path}, if {@code failure} (opening its
     * writer connection) is SQLite refusing to write or to create its log beside it and the
     * directory or the file is indeed read-only here; null for any other failure.
     */
    private static String readOnlyHere(Path path, StoreException failure) {
        if (!(failure.getCause() instanceof SQLException sql)) {
            return null;
        }
        int primary = sql.getErrorCode() & 0xFF;
        if (primary != SQLITE_READONLY && primary != SQLITE_CANTOPEN) {
            return null;
        }
        if (!Files.isWritable(path.getParent())) {
            return "its directory " + path.getParent() + " is read-only for this process";
        }
        return Files.isWritable(path) ? null : "the file is read-only for this process";
    }

    /** Whether this process can only read the store. */
    public boolean readOnly() {
        return readOnly != null;
    }

    @Override
    public <T> T run(TransactionBody<T> body) {
        Deadline deadline = Deadline.after(options.callTimeout());
        if (readOnly != null) {
            throw new ReadOnlyStoreException("the store cannot be written here: " + readOnly + "; commands that"
                    + " only read the campaign work (status, manifest, leases, findings, corpus fsck, report --output"
                    + " elsewhere), and changing it needs write access to the campaign directory")
                    .with("store", description);
        }
        if (writerLock.isHeldByCurrentThread()) {
            throw new StoreException("transactions cannot be nested").with("store", description);
        }
        acquireWriterLock(deadline);
        try {
            ensureOpen();
            for (int execution = 1; ; execution++) {
                beginImmediate(deadline);
                Lifetime lifetime = new Lifetime(deadline, options.attemptTimeout(), description);
                try {
                    SqliteTransaction transaction = new SqliteTransaction(writer, lifetime, description);
                    T result = body.apply(transaction);
                    lifetime.end();
                    lifetime.checkCommit();
                    transaction.checkCommit();
                    if (Thread.currentThread().isInterrupted()) {
                        throw new TransactionInterruptedException("interrupted while the transaction body ran")
                                .with("store", description);
                    }
                    commit();
                    return result;
                } catch (BusyException e) {
                    lifetime.end();
                    rollback(writer, e);
                    retryOrFail(execution, deadline, e);
                } catch (RuntimeException | Error e) {
                    lifetime.end();
                    rollback(writer, e);
                    throw e;
                }
            }
        } finally {
            writerLock.unlock();
        }
    }

    @Override
    public <T> T read(ReadBody<T> body) {
        Deadline deadline = Deadline.after(options.callTimeout());
        ensureOpen();
        Statements reader = borrowReader();
        try {
            for (int execution = 1; ; execution++) {
                Lifetime lifetime = new Lifetime(deadline, options.attemptTimeout(), description);
                reader.execute("BEGIN");
                try {
                    T result = body.apply(new SqliteReadTransaction(reader, lifetime));
                    lifetime.end();
                    reader.execute("COMMIT");
                    return result;
                } catch (BusyException e) {
                    lifetime.end();
                    rollback(reader, e);
                    retryOrFail(execution, deadline, e);
                } catch (RuntimeException | Error e) {
                    lifetime.end();
                    rollback(reader, e);
                    throw e;
                }
            }
        } finally {
            returnReader(reader);
        }
    }

    @Override
    public String describe() {
        return description;
    }

    /** Waits for running transactions of this process to end, then closes every connection. */
    @Override
    public void close() {
        writerLock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            if (writer != null) {
                writer.close();
            }
            for (Statements reader; (reader = idleReaders.poll()) != null; ) {
                reader.close();
            }
        } finally {
            writerLock.unlock();
        }
    }

    /**
     * Commits the writer's transaction. A failed {@code COMMIT} (other than the database being
     * busy, after which the transaction is still open and is retried, or found damaged) leaves
     * the outcome unknown: SQLite may have written the commit to the log before the error, and
     * its recovery would then find it.
     */
    private void commit() {
        try {
            writer.execute("COMMIT");
        } catch (DamagedStoreException e) {
            throw e;
        } catch (StoreException e) {
            throw new TransactionOutcomeUnknownException("transaction may or may not have committed", e)
                    .with("store", description);
        }
    }

    private void acquireWriterLock(Deadline deadline) {
        try {
            if (writerLock.tryLock(Math.max(0, deadline.remainingNanos()), TimeUnit.NANOSECONDS)) {
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException("interrupted while waiting for the write lock").with("store", description);
        }
        throw waitedTooLong(deadline, null);
    }

    /** Takes SQLite's write lock, polling while another process holds it, until the deadline. */
    private void beginImmediate(Deadline deadline) {
        while (true) {
            try {
                writer.execute("BEGIN IMMEDIATE");
                return;
            } catch (BusyException e) {
                if (deadline.expired()) {
                    throw waitedTooLong(deadline, e);
                }
            }
        }
    }

    private void retryOrFail(int execution, Deadline deadline, BusyException busy) {
        if (execution >= options.retryLimit()) {
            throw new StoreException("transaction retry limit reached", busy)
                    .with("store", description)
                    .with("retryLimit", options.retryLimit());
        }
        if (deadline.expired()) {
            throw Lifetime.timedOut(description, deadline, busy);
        }
        deadline.pause(ThreadLocalRandom.current().nextLong(BusyException.MAX_PAUSE_NANOS));
    }

    private TransactionTimeoutException waitedTooLong(Deadline deadline, Throwable cause) {
        return new TransactionTimeoutException("transaction timed out waiting for the write lock", cause)
                .with("store", description)
                .with("timeout", deadline.timeout());
    }

    /**
     * Ends the transaction after {@code failure}. SQLite rolls some transactions back by itself
     * (after an I/O error, for example), so a failing ROLLBACK is attached to {@code failure}
     * instead of replacing it; if the connection were still inside a transaction, the next BEGIN
     * would fail and say so.
     */
    private static void rollback(Statements connection, Throwable failure) {
        try {
            connection.execute("ROLLBACK");
        } catch (RuntimeException e) {
            failure.addSuppressed(e);
        }
    }

    private Statements borrowReader() {
        Statements reader = idleReaders.poll();
        return reader != null ? reader : new Statements(Connections.open(path,
                readOnly == null ? Connections.Role.READER : Connections.Role.READ_ONLY, options.callTimeout()),
                description);
    }

    private void returnReader(Statements reader) {
        idleReaders.push(reader);
        if (closed && idleReaders.remove(reader)) {
            reader.close();
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new StoreException("store is closed").with("store", description);
        }
    }
}
