package io.frontier.store.kv.fdb;

import com.apple.foundationdb.FDBException;
import io.frontier.store.kv.AccessedUnreadableException;
import io.frontier.store.kv.KeyLimits;
import io.frontier.store.kv.KeyTooLargeException;
import io.frontier.store.kv.TransactionLimitException;
import io.frontier.store.kv.TransactionTooLargeException;
import io.frontier.store.kv.TransactionTooOldException;
import io.frontier.store.kv.ValueTooLargeException;

/**
 * FoundationDB's errors for its limits, named as the embedded store names the same refusals, so
 * that callers see one vocabulary whichever backend runs. Reads only the error's code, so it
 * needs no native client.
 */
final class FdbErrors {

    private FdbErrors() {
    }

    /** The exception for {@code error} if it is one of FoundationDB's limits, else null. */
    static TransactionLimitException limit(FDBException error, String store) {
        return switch (error.getCode()) {
            case TransactionTooLargeException.FDB_ERROR ->
                    new TransactionTooLargeException("transaction affects more data than FoundationDB commits at once", error)
                            .with("store", store).with("limit", KeyLimits.MAX_TRANSACTION_BYTES);
            case KeyTooLargeException.FDB_ERROR -> new KeyTooLargeException("key is longer than FoundationDB allows", error)
                    .with("store", store).with("limit", KeyLimits.MAX_KEY_BYTES);
            case ValueTooLargeException.FDB_ERROR -> new ValueTooLargeException("value is longer than FoundationDB allows", error)
                    .with("store", store).with("limit", KeyLimits.MAX_VALUE_BYTES);
            case TransactionTooOldException.FDB_ERROR ->
                    new TransactionTooOldException("transaction outlived what FoundationDB allows", error)
                            .with("store", store).with("limit", KeyLimits.MAX_TRANSACTION_AGE);
            case AccessedUnreadableException.FDB_ERROR ->
                    new AccessedUnreadableException("transaction read what it wrote with a versionstamp", error)
                            .with("store", store);
            default -> null;
        };
    }
}
