package io.frontier.store.kv.sqlite;

import io.frontier.store.kv.KeyLimits;
import io.frontier.store.kv.KeyValue;
import io.frontier.store.kv.ReadTransaction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads on one connection inside an open SQLite transaction. The same class serves read-only
 * transactions and both the serializable and the snapshot reads of a read-write transaction:
 * with one writer at a time nothing can change underneath a reader, so no read needs conflict
 * tracking.
 */
final class SqliteReadTransaction implements ReadTransaction {

    private final Statements statements;
    private final Lifetime lifetime;

    SqliteReadTransaction(Statements statements, Lifetime lifetime) {
        this.statements = statements;
        this.lifetime = lifetime;
    }

    @Override
    public byte[] get(byte[] key) {
        KeyLimits.checkKey(key);
        lifetime.check();
        return statements.get(key);
    }

    /** One statement per key: a local file has no round trip worth saving. */
    @Override
    public List<byte[]> getAll(List<byte[]> keys) {
        keys.forEach(KeyLimits::checkKey);
        List<byte[]> values = new ArrayList<>(keys.size());
        for (byte[] key : keys) {
            lifetime.check();
            values.add(statements.get(key));
        }
        return values;
    }

    @Override
    public List<KeyValue> getRange(byte[] begin, byte[] end, int limit, boolean reverse) {
        KeyLimits.checkBound(begin);
        KeyLimits.checkBound(end);
        KeyLimits.checkLimit(limit);
        lifetime.check();
        if (Arrays.compareUnsigned(begin, end) >= 0) {
            return List.of();
        }
        return statements.range(begin, end, limit, reverse);
    }
}
