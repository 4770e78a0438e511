package io.frontier.store.campaign;

import io.frontier.store.kv.ReadTransaction;
import java.util.Collection;

/** Reads that can fetch, ahead and together, the keys a batch will read one by one. */
interface Prefetching extends ReadTransaction {

    /** Reads together those of {@code keys} not yet fetched; later reads of them cost nothing. */
    void prefetch(Collection<byte[]> keys);
}
