package io.frontier.store.kv.sqlite;

import io.frontier.store.error.IoReason;
import io.frontier.store.kv.DamagedStoreException;
import io.frontier.store.kv.NotAStoreFileException;
import io.frontier.store.kv.StoreException;
import io.frontier.store.kv.StoreOptions;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * The store file and its layout marker.
 *
 * <p>A store file is an SQLite database whose header carries {@link #APPLICATION_ID} and, as
 * {@code user_version}, {@link #LAYOUT_VERSION}. Both are checked by reading the header bytes
 * directly, before SQLite opens the file, so a file that is not a store is refused without being
 * touched in any way.
 *
 * <p>A new store is created complete or not at all: it is initialised under a temporary name in
 * the same directory and then hard-linked to its final name, which fails if that name already
 * exists. Two processes creating the same store therefore never see a half-initialised file;
 * the one that loses the race opens the winner's store.
 *
 * <p>Layout version 1:
 * <pre>
 * kv(k BLOB PRIMARY KEY, v BLOB)  WITHOUT ROWID, STRICT   -- the key-value pairs, memcmp order
 * store_info(name TEXT PRIMARY KEY, value INTEGER)       -- 'layout_version', 'commit_counter'
 * </pre>
 */
final class StoreFile {

    /** "FRNT": marks an SQLite database as a Frontier store. */
    static final int APPLICATION_ID = 0x46524E54;

    /** The layout this code reads and writes; only ever incremented. */
    static final int LAYOUT_VERSION = 1;

    private static final byte[] SQLITE_MAGIC = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);
    private static final int HEADER_BYTES = 100;
    private static final int USER_VERSION_OFFSET = 60;
    private static final int APPLICATION_ID_OFFSET = 68;

    private static final List<String> SCHEMA = List.of(
            "CREATE TABLE kv (k BLOB NOT NULL PRIMARY KEY, v BLOB NOT NULL) WITHOUT ROWID, STRICT",
            "CREATE TABLE store_info (name TEXT NOT NULL PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID, STRICT",
            "INSERT INTO store_info (name, value) VALUES ('layout_version', " + LAYOUT_VERSION + ")",
            "INSERT INTO store_info (name, value) VALUES ('commit_counter', 0)");

    private static final SecureRandom RANDOM = new SecureRandom();

    private StoreFile() {
    }

    /**
     * Makes sure {@code path} is a store: checks an existing file, or creates a new store where
     * no file exists.
     *
     * @param path absolute path whose parent directory exists
     * @throws NotAStoreFileException if a file exists there that is not a store of this layout
     */
    static void openOrCreate(Path path) {
        if (!Files.exists(path)) {
            try {
                create(path);
                return;
            } catch (FileAlreadyExistsException e) {
                // Another process created it between our check and our link: check theirs.
            }
        }
        verify(path);
    }

    /** Refuses anything at {@code path} but a store of this layout, reading only its header. */
    static void verify(Path path) {
        if (!Files.isRegularFile(path)) {
            throw new NotAStoreFileException("store path is not a regular file").with("path", path);
        }
        byte[] header;
        try (InputStream in = Files.newInputStream(path)) {
            header = in.readNBytes(HEADER_BYTES);
        } catch (IOException e) {
            throw new StoreException("store file cannot be read", e).with("path", path);
        }
        if (header.length < HEADER_BYTES && Arrays.equals(header, 0, Math.min(header.length, SQLITE_MAGIC.length),
                SQLITE_MAGIC, 0, Math.min(header.length, SQLITE_MAGIC.length))) {
            // Empty, or the start of an SQLite file: what a cut-off copy or a full disk leaves.
            throw new DamagedStoreException("store file is truncated: it is shorter than an SQLite header; restore"
                    + " it from a copy", null).with("path", path).with("bytes", header.length)
                    .with("headerBytes", HEADER_BYTES);
        }
        if (header.length < HEADER_BYTES
                || !Arrays.equals(header, 0, SQLITE_MAGIC.length, SQLITE_MAGIC, 0, SQLITE_MAGIC.length)) {
            throw new NotAStoreFileException("file is not an SQLite database, so not a Frontier store").with("path", path);
        }
        ByteBuffer fields = ByteBuffer.wrap(header);
        int applicationId = fields.getInt(APPLICATION_ID_OFFSET);
        if (applicationId != APPLICATION_ID) {
            throw new NotAStoreFileException("SQLite database is not a Frontier store")
                    .with("path", path)
                    .with("applicationId", String.format("0x%08x", applicationId));
        }
        int layout = fields.getInt(USER_VERSION_OFFSET);
        if (layout != LAYOUT_VERSION) {
            throw new NotAStoreFileException("Frontier store has an unsupported layout version")
                    .with("path", path)
                    .with("layoutVersion", layout)
                    .with("supported", LAYOUT_VERSION);
        }
    }

    private static void create(Path path) throws FileAlreadyExistsException {
        Path directory = path.getParent();
        Path temporary = directory.resolve("." + path.getFileName() + ".creating-"
                + ProcessHandle.current().pid() + "-" + HexFormat.of().toHexDigits(RANDOM.nextLong()));
        StoreException failure = null;
        try {
            initialise(temporary);
            force(temporary);
            Files.createLink(path, temporary);
            force(directory);
        } catch (FileAlreadyExistsException e) {
            throw e;
        } catch (IOException e) {
            failure = new StoreException("store file cannot be created", e).with("path", path)
                    .with("problem", IoReason.of(e));
            throw failure;
        } catch (StoreException e) {
            failure = e;
            throw e;
        } finally {
            removeTemporary(temporary, failure);
        }
    }

    /**
     * Writes the schema and the marker. Closing the only connection checkpoints the WAL into the
     * main file and removes the WAL, so the header read by {@link #verify} is final.
     */
    private static void initialise(Path temporary) {
        try (Connection connection = Connections.open(temporary, Connections.Role.CREATE,
                StoreOptions.DEFAULT.callTimeout());
                Statement statement = connection.createStatement()) {
            statement.execute("PRAGMA journal_mode = WAL");
            statement.execute("BEGIN IMMEDIATE");
            statement.execute("PRAGMA application_id = " + APPLICATION_ID);
            statement.execute("PRAGMA user_version = " + LAYOUT_VERSION);
            for (String sql : SCHEMA) {
                statement.execute(sql);
            }
            statement.execute("COMMIT");
        } catch (SQLException e) {
            throw new StoreException("store file cannot be initialised", e).with("path", temporary);
        }
    }

    private static void force(Path path) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }

    /** Removes the temporary file and any WAL or shared-memory file SQLite left beside it. */
    private static void removeTemporary(Path temporary, StoreException failure) {
        for (String suffix : List.of("", "-wal", "-shm", "-journal")) {
            Path file = temporary.resolveSibling(temporary.getFileName() + suffix);
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                StoreException cleanup = new StoreException("temporary store file cannot be removed", e).with("path", file);
                if (failure == null) {
                    throw cleanup;
                }
                failure.addSuppressed(cleanup);
            }
        }
    }
}
