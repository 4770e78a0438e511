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

    static Connection open(Path file, Role role) {
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
        try {
            Connection connection = config.createConnection(url);
            if (role == Role.READER || role == Role.READ_ONLY) {
                try (Statement statement = connection.createStatement()) {
                    statement.execute("PRAGMA query_only = ON");
                }
            }
            return connection;
        } catch (SQLException e) {
            if (DamagedStoreException.isDamage(e.getErrorCode())) {
                throw new DamagedStoreException("store file is damaged (SQLite: " + e.getMessage()
                        + "); restore it from a copy", e).with("path", file).with("code", e.getErrorCode());
            }
            throw new StoreException("SQLite store cannot be opened", e).with("path", file).with("code", e.getErrorCode())
                    .with("problem", e.getMessage());
        }
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
