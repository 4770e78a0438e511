package io.frontier.coordinator.bench;

import io.frontier.store.kv.MeteredStore;
import java.util.List;

/**
 * What the coordinators asked of their store, for sizing a store cluster: transactions completed
 * (read-write and read-only), keys read, keys and bytes written, summed over the {@link
 * MeteredStore}s the coordinators ran on. The same key space and the same operations run on
 * SQLite and on FoundationDB, so counts taken on either size the other; {@link #minus} gives what
 * happened between two sums.
 */
record StoreTraffic(long transactions, long readOnlyTransactions, long keysRead, long keysWritten, long bytesWritten) {

    /** Everything the transactions completed through {@code stores} so far asked of the store. */
    static StoreTraffic of(List<MeteredStore> stores) {
        long transactions = 0;
        long readOnly = 0;
        long keysRead = 0;
        long keysWritten = 0;
        long bytesWritten = 0;
        for (MeteredStore store : stores) {
            for (MeteredStore.Meter meter : store.meters()) {
                if (meter.readWrite()) {
                    transactions++;
                } else {
                    readOnly++;
                }
                keysRead += meter.keysRead();
                keysWritten += meter.keysWritten();
                bytesWritten += meter.bytesWritten();
            }
        }
        return new StoreTraffic(transactions, readOnly, keysRead, keysWritten, bytesWritten);
    }

    StoreTraffic minus(StoreTraffic earlier) {
        return new StoreTraffic(transactions - earlier.transactions, readOnlyTransactions - earlier.readOnlyTransactions,
                keysRead - earlier.keysRead, keysWritten - earlier.keysWritten, bytesWritten - earlier.bytesWritten);
    }
}
