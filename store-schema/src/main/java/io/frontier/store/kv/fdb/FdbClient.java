package io.frontier.store.kv.fdb;

import com.apple.foundationdb.FDB;
import com.apple.foundationdb.FDBException;
import io.frontier.store.kv.StoreException;

/**
 * The process-wide FoundationDB client at API version {@value #API_VERSION}. Loading it loads the
 * native {@code libfdb_c}, which must be installed separately (FoundationDB client packages);
 * the network thread it starts lives as long as the process.
 */
final class FdbClient {

    /** The FoundationDB API version this code is written against (7.3). */
    static final int API_VERSION = 730;

    private FdbClient() {
    }

    /**
     * The client, selecting the API version on first use.
     *
     * @throws StoreException if {@code libfdb_c} cannot be loaded or refuses the API version
     */
    static synchronized FDB get() {
        try {
            return FDB.selectAPIVersion(API_VERSION);
        } catch (LinkageError e) {
            throw new StoreException("FoundationDB client library cannot be loaded", e)
                    .with("library", "libfdb_c")
                    .with("apiVersion", API_VERSION);
        } catch (FDBException e) {
            throw new StoreException("FoundationDB client refused the API version", e)
                    .with("apiVersion", API_VERSION)
                    .with("code", e.getCode());
        }
    }
}
