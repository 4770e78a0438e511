package io.frontier.store.kv.fdb;

import com.apple.foundationdb.FDB;
import com.apple.foundationdb.FDBException;

/**
 * Turns on fdb-java's client buggify for this JVM: FoundationDB's own client then fails a share
 * of reads and commits on purpose ({@code transaction_too_old}, {@code future_version},
 * {@code not_committed}) and reports some commits that did succeed as
 * {@code commit_unknown_result}, so that {@code Database.run} really runs a body again after its
 * first execution committed. Every buggify section of the client is active and fires on
 * {@link #FIRED_PERCENT} percent of the times it is reached.
 *
 * <p>Network options are fixed when the network starts, at the first database this JVM opens, so
 * {@link #enable} must come before that; a JVM that has started it already is refused. The tests
 * that use it therefore run in JVMs of their own (failsafe does not reuse forks in this module).
 */
public final class ClientBuggify {

    /** How often, in percent, an active buggify section fires. */
    public static final long FIRED_PERCENT = 1;

    /** Whether {@link #enable} has turned buggify on in this JVM. */
    private static boolean enabled;

    private ClientBuggify() {
    }

    /**
     * Turns client buggify on for every database this JVM opens from now on; a repeated call
     * changes nothing.
     *
     * @throws IllegalStateException if this JVM's FoundationDB network was started without it
     */
    public static synchronized void enable() {
        if (enabled) {
            return;
        }
        FDB fdb = FdbClient.get();
        try {
            fdb.options().setClientBuggifyEnable();
            fdb.options().setClientBuggifySectionActivatedProbability(100);
            fdb.options().setClientBuggifySectionFiredProbability(FIRED_PERCENT);
        } catch (FDBException e) {
            throw new IllegalStateException("client buggify can only be set before this JVM's FoundationDB network "
                    + "starts; run the test in a JVM of its own (FDB error " + e.getCode() + ")", e);
        }
        enabled = true;
    }
}
