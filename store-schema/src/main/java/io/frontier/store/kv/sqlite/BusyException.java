package io.frontier.store.kv.sqlite;

import java.sql.SQLException;
import java.util.concurrent.TimeUnit;

/**
 * SQLite answered SQLITE_BUSY or SQLITE_LOCKED: another connection holds a lock this statement
 * needs. Never leaves the store: {@link SqliteKeyValueStore} catches it, rolls back and retries
 * within the transaction's deadline.
 */
final class BusyException extends RuntimeException {

    private static final long serialVersionUID = 1L;
    private static final int SQLITE_BUSY = 5;
    private static final int SQLITE_LOCKED = 6;
    /** Longest pause before trying again after SQLite reported the database busy. */
    static final long MAX_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(2);

    BusyException(Throwable cause) {
        super("SQLite database is locked by another connection", cause);
    }

    /** Whether SQLite refused {@code e}'s statement because another connection holds a lock. */
    static boolean isBusy(SQLException e) {
        int primary = e.getErrorCode() & 0xFF;
        return primary == SQLITE_BUSY || primary == SQLITE_LOCKED;
    }
}
