package io.frontier.store.kv.sqlite;

/**
 * SQLite answered SQLITE_BUSY or SQLITE_LOCKED: another connection holds a lock this statement
 * needs. Never leaves the store: {@link SqliteKeyValueStore} catches it, rolls back and retries
 * within the transaction's deadline.
 */
final class BusyException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    BusyException(Throwable cause) {
        super("SQLite database is locked by another connection", cause);
    }
}
