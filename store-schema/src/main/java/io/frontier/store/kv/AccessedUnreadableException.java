package io.frontier.store.kv;

/**
 * A transaction read a key that it had itself written with a versionstamp (a versionstamped key,
 * or a value set with {@link Transaction#setVersionstampedValue}), or a range that may hold one:
 * the versionstamp is only known at commit, so FoundationDB refuses the read. Nothing was
 * committed, and the same body would meet it again.
 */
public final class AccessedUnreadableException extends TransactionLimitException {

    private static final long serialVersionUID = 1L;

    /** FoundationDB's code for {@code accessed_unreadable}. */
    public static final int FDB_ERROR = 1036;

    public AccessedUnreadableException(String message) {
        super(message, FDB_ERROR, "accessed_unreadable", null);
    }

    public AccessedUnreadableException(String message, Throwable cause) {
        super(message, FDB_ERROR, "accessed_unreadable", cause);
    }

    /** As {@link io.frontier.store.error.FrontierException#with}, keeping this type for chaining. */
    @Override
    public AccessedUnreadableException with(String key, Object value) {
        super.with(key, value);
        return this;
    }
}
