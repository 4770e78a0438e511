package io.frontier.store.kv.sqlite;

import io.frontier.store.kv.DamagedStoreException;
import io.frontier.store.kv.KeyValue;
import io.frontier.store.kv.ReadTransaction;
import io.frontier.store.kv.StoreException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The SQL of the key-value table on one connection, with prepared statements kept for the
 * connection's lifetime.
 *
 * <p>Used by one thread at a time (the holder of the write lock, or the borrower of a reader
 * connection). Every {@link SQLException} leaves as {@link BusyException} when another
 * connection holds a needed lock, and as {@link StoreException} otherwise.
 */
final class Statements implements AutoCloseable {


    private static final String GET = "SELECT v FROM kv WHERE k = ?";
    private static final String RANGE = "SELECT k, v FROM kv WHERE k >= ? AND k < ? ORDER BY k LIMIT ?";
    private static final String RANGE_REVERSE = "SELECT k, v FROM kv WHERE k >= ? AND k < ? ORDER BY k DESC LIMIT ?";
    private static final String PUT = "INSERT INTO kv (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v";
    private static final String DELETE = "DELETE FROM kv WHERE k = ?";
    private static final String DELETE_RANGE = "DELETE FROM kv WHERE k >= ? AND k < ?";
    private static final String COMMIT_COUNTER = "SELECT value FROM store_info WHERE name = 'commit_counter'";
    private static final String SET_COMMIT_COUNTER = "UPDATE store_info SET value = ? WHERE name = 'commit_counter'";

    private final Connection connection;
    private final String store;
    /** Prepared on first use, so a reader connection never prepares a write. */
    private final Map<String, PreparedStatement> prepared = new HashMap<>();

    Statements(Connection connection, String store) {
        this.connection = connection;
        this.store = store;
    }

    /**
     * Runs a statement without parameters or results, such as {@code BEGIN IMMEDIATE}, prepared
     * once per connection like every other: each transaction runs two or three of them.
     */
    void execute(String sql) {
        try {
            prepare(sql).execute();
        } catch (SQLException e) {
            throw translate(e, sql);
        }
    }

    byte[] get(byte[] key) {
        try {
            PreparedStatement statement = prepare(GET);
            statement.setBytes(1, key);
            try (ResultSet rows = statement.executeQuery()) {
                return rows.next() ? blob(rows, 1) : null;
            }
        } catch (SQLException e) {
            throw translate(e, GET);
        }
    }

    List<KeyValue> range(byte[] begin, byte[] end, int limit, boolean reverse) {
        String sql = reverse ? RANGE_REVERSE : RANGE;
        try {
            PreparedStatement statement = prepare(sql);
            statement.setBytes(1, begin);
            statement.setBytes(2, end);
            // SQLite reads a negative LIMIT as "no limit".
            statement.setInt(3, limit == ReadTransaction.UNLIMITED ? -1 : limit);
            List<KeyValue> pairs = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    pairs.add(new KeyValue(blob(rows, 1), blob(rows, 2)));
                }
            }
            return pairs;
        } catch (SQLException e) {
            throw translate(e, sql);
        }
    }

    void put(byte[] key, byte[] value) {
        update(PUT, key, value);
    }

    void delete(byte[] key) {
        update(DELETE, key);
    }

    void deleteRange(byte[] begin, byte[] end) {
        update(DELETE_RANGE, begin, end);
    }

    long commitCounter() {
        try (ResultSet rows = prepare(COMMIT_COUNTER).executeQuery()) {
            if (!rows.next()) {
                throw new StoreException("store has no commit counter").with("store", store);
            }
            return rows.getLong(1);
        } catch (SQLException e) {
            throw translate(e, COMMIT_COUNTER);
        }
    }

    void setCommitCounter(long value) {
        try {
            PreparedStatement statement = prepare(SET_COMMIT_COUNTER);
            statement.setLong(1, value);
            statement.executeUpdate();
        } catch (SQLException e) {
            throw translate(e, SET_COMMIT_COUNTER);
        }
    }

    @Override
    public void close() {
        try {
            for (PreparedStatement statement : prepared.values()) {
                statement.close();
            }
            prepared.clear();
            connection.close();
        } catch (SQLException e) {
            throw new StoreException("SQLite connection cannot be closed", e).with("store", store);
        }
    }

    private void update(String sql, byte[]... parameters) {
        try {
            PreparedStatement statement = prepare(sql);
            for (int i = 0; i < parameters.length; i++) {
                statement.setBytes(i + 1, parameters[i]);
            }
            statement.executeUpdate();
        } catch (SQLException e) {
            throw translate(e, sql);
        }
    }

    private PreparedStatement prepare(String sql) throws SQLException {
        PreparedStatement statement = prepared.get(sql);
        if (statement == null) {
            statement = connection.prepareStatement(sql);
            prepared.put(sql, statement);
        }
        return statement;
    }

    /** The driver returns a zero-length BLOB as null; the columns are NOT NULL, so it is empty. */
    private static byte[] blob(ResultSet rows, int column) throws SQLException {
        byte[] bytes = rows.getBytes(column);
        return bytes == null ? new byte[0] : bytes;
    }

    private RuntimeException translate(SQLException e, String sql) {
        if (BusyException.isBusy(e)) {
            return new BusyException(e);
        }
        if (DamagedStoreException.isDamage(e.getErrorCode())) {
            return new DamagedStoreException("store file is damaged (SQLite: " + e.getMessage() + "); restore it from a copy", e)
                    .with("store", store)
                    .with("code", e.getErrorCode());
        }
        return new StoreException("SQLite statement failed", e)
                .with("store", store)
                .with("statement", sql)
                .with("code", e.getErrorCode());
    }
}
