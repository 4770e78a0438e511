package io.frontier.store.kv;

/**
 * The embedded store's file is damaged: SQLite found its pages malformed (SQLITE_CORRUPT) or no
 * database where its header said one is (SQLITE_NOTADB). Retrying cannot help and nothing was
 * written; the file must be restored from a copy (or the campaign started again), so the
 * command line treats it as a control failure, like a corrupt corpus object.
 */
public final class DamagedStoreException extends StoreException {

    private static final long serialVersionUID = 1L;

    /** SQLite's primary result code for a malformed database image. */
    public static final int SQLITE_CORRUPT = 11;
    /** SQLite's primary result code for a file that is not a database. */
    public static final int SQLITE_NOTADB = 26;

    public DamagedStoreException(String message, Throwable cause) {
        super(message, cause);
    }

    /** Whether SQLite's (extended) result code {@code code} says the database file is damaged. */
    public static boolean isDamage(int code) {
        int primary = code & 0xFF;
        return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB;
    }

    /** As {@link io.frontier.store.error.FrontierException#with}, keeping this type for chaining. */
    @Override
    public DamagedStoreException with(String key, Object value) {
        super.with(key, value);
        return this;
    }
}
