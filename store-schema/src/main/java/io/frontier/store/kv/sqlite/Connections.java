package io.frontier.store.kv.sqlite;

import io.frontier.store.kv.DamagedStoreException;
import io.frontier.store.kv.StoreException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteOpenMode;

/**
 * Opens SQLite connections with the settings every connection to a store needs.
 *
 * <p>Durability: {@code synchronous=FULL}. In WAL mode, {@code NORMAL} syncs the log only at
 * checkpoints, so a power loss can undo transactions that already reported success; a commit
 * decision that other ranks have acted on must never be undone, so every commit syncs the log.
 *
 * <p>Busy timeout: short ({@value #BUSY_TIMEOUT_MILLIS} ms). SQLite's own busy handler backs off
 * to 100 ms sleeps, which lets a waiting process lose the lock to busier ones again and again;
 * the store instead retries on its own deadline, polling every few milliseconds.
 */
final class Connections {

    static final int BUSY_TIMEOUT_MILLIS = 10;

    /** What a connection is for. */
    enum Role {
        /** Initialises a new store file; may create it. */
        CREATE,
        /** Runs read-write transactions on an existing store file. */
        WRITER,
        /** Runs read-only transactions; the connection refuses writes. */
        READER,
        /**
         * Runs read-only transactions on a store this process cannot write (a read-only directory
         * or file): opened read-only; when no other process has the store open (it has no
         * {@code -wal} or {@code -shm} file, which a writer would have created), as immutable,
         * since SQLite cannot otherwise read a WAL database it cannot create those files for.
         */
        READ_ONLY
    }

    private Connections() {
    }

    /**
     * A connection to {@code file} for {@code role}, waiting up to {@code busyWait} while another
     * connection holds a lock that opening needs. Opening reads the schema, and the first
     * connection to a WAL store whose log was removed rebuilds its index under an exclusive lock,
     * as the last connection to close holds one while it checkpoints and removes the log: a rank
     * that opens the store just as the launcher closes it meets that lock, and must wait for it,
     * not fail the job.
     *
     * @throws StoreException naming the file if it cannot be opened, or stays locked for {@code busyWait}
     * @throws DamagedStoreException if SQLite finds the file damaged
     */
    static Connection open(Path file, Role role, Duration busyWait) {
        Deadline deadline = Deadline.after(busyWait);
        while (true) {
            try {
                return attempt(file, role);
            } catch (SQLException e) {
                if (!BusyException.isBusy(e) || deadline.expired()) {
                    throw failure(file, e, busyWait);
                }
                deadline.pause(ThreadLocalRandom.current().nextLong(BusyException.MAX_PAUSE_NANOS));
            }
        }
    }

    private static Connection attempt(Path file, Role role) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setBusyTimeout(BUSY_TIMEOUT_MILLIS);
        // The store never asks for generated keys; the driver otherwise looks them up after
        // every insert and update (a tenth of a commit decision's CPU, measured).
        config.setGetGeneratedKeys(false);
        if (role != Role.CREATE) {
            // A store file that vanished after it was checked must not be recreated empty.
            config.resetOpenMode(SQLiteOpenMode.CREATE);
        }
        String url = "jdbc:sqlite:" + file;
        if (role == Role.READ_ONLY) {
            config.setReadOnly(true);
            config.setOpenMode(SQLiteOpenMode.OPEN_URI);
            url = "jdbc:sqlite:" + readOnlyUri(file);
        } else {
            config.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
        }
        Connection connection = config.createConnection(url);
        if (role == Role.READER || role == Role.READ_ONLY) {
            try (Statement statement = connection.createStatement()) {
                statement.execute("PRAGMA query_only = ON");
            } catch (SQLException e) {
                connection.close();
                throw e;
            }
        }
        return connection;
    }

    private static StoreException failure(Path file, SQLException e, Duration busyWait) {
        if (DamagedStoreException.isDamage(e.getErrorCode())) {
            return new DamagedStoreException("store file is damaged (SQLite: " + e.getMessage()
                    + "); restore it from a copy", e).with("path", file).with("code", e.getErrorCode());
        }
        if (BusyException.isBusy(e)) {
            return new StoreException("SQLite store stayed locked by another connection while it was opened", e)
                    .with("path", file).with("waited", busyWait.toMillis() + " ms").with("code", e.getErrorCode());
        }
        return new StoreException("SQLite store cannot be opened", e).with("path", file).with("code", e.getErrorCode())
                .with("problem", e.getMessage());
    }

    /**
     * The URI that opens {@code file} for reading without write access: immutable unless a
     * writer of another process has it open (its {@code -wal} or {@code -shm} file exists).
     */
    private static String readOnlyUri(Path file) {
        boolean inUse = Files.exists(file.resolveSibling(file.getFileName() + "-wal"))
                || Files.exists(file.resolveSibling(file.getFileName() + "-shm"));
        try {
            return new URI("file", null, file.toString(), inUse ? "mode=ro" : "mode=ro&immutable=1", null)
                    .toASCIIString();
        } catch (URISyntaxException e) {
            throw new StoreException("store path cannot be written as a URI", e).with("path", file);
        }
    }
}
