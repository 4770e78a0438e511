package io.frontier.store.kv.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.kv.DamagedStoreException;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.NotAStoreFileException;
import io.frontier.store.kv.StoreException;
import io.frontier.store.kv.StoreOptions;
import io.frontier.store.kv.UnsupportedFilesystemException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Opening, creating and refusing store files on the real filesystem. */
class SqliteStoreFileTest {

    @TempDir
    Path directory;

    @Test
    void newStoreIsCreatedOnlyWhereNoFileExistsAndKeepsItsDataAcrossOpens() throws Exception {
        Path file = directory.resolve("store.db");
        try (KeyValueStore store = SqliteKeyValueStore.open(file, StoreOptions.DEFAULT)) {
            store.run(tx -> {
                tx.set(new byte[] {1}, new byte[] {42});
                return null;
            });
        }
        try (Stream<Path> files = Files.list(directory)) {
            assertThat(files.map(path -> path.getFileName().toString()))
                    .as("no temporary file is left behind")
                    .allMatch(name -> name.startsWith("store.db"));
        }
        byte[] header = Files.readAllBytes(file);
        assertThat(new byte[] {header[18], header[19]}).as("WAL read and write versions in the header").containsExactly(2, 2);
        try (KeyValueStore store = SqliteKeyValueStore.open(file, StoreOptions.DEFAULT)) {
            byte[] value = store.read(tx -> tx.get(new byte[] {1}));
            assertThat(value).containsExactly(42);
            assertThat(store.describe()).isEqualTo("sqlite:" + file.toAbsolutePath());
        }
    }

    @Test
    void fileThatIsNotSqliteIsRefusedAndLeftUnchanged() throws Exception {
        Path file = directory.resolve("notes.txt");
        byte[] content = "campaign notes, not a database\n".repeat(20).getBytes(StandardCharsets.UTF_8);
        Files.write(file, content);
        assertThatThrownBy(() -> SqliteKeyValueStore.open(file, StoreOptions.DEFAULT))
                .isInstanceOf(NotAStoreFileException.class)
                .hasMessageStartingWith("file is not an SQLite database")
                .hasMessageContaining(file.toString());
        assertThat(Files.readAllBytes(file)).isEqualTo(content);
        assertThat(Files.list(directory).count()).isEqualTo(1);
    }

    @Test
    void emptyFileIsRefusedAsATruncatedStoreAndLeftEmpty() throws Exception {
        Path file = directory.resolve("empty.db");
        Files.createFile(file);
        assertThatThrownBy(() -> SqliteKeyValueStore.open(file, StoreOptions.DEFAULT))
                .isInstanceOf(DamagedStoreException.class)
                .hasMessageStartingWith("store file is truncated")
                .hasMessageContaining("bytes=0");
        assertThat(Files.size(file)).isZero();
    }

    @Test
    void storeCutShorterThanItsHeaderIsRefusedAsTruncatedAndLeftUnchanged() throws Exception {
        Path file = directory.resolve("store.db");
        SqliteKeyValueStore.open(file, StoreOptions.DEFAULT).close();
        byte[] start = Arrays.copyOf(Files.readAllBytes(file), 40);
        Files.write(file, start);
        assertThatThrownBy(() -> SqliteKeyValueStore.open(file, StoreOptions.DEFAULT))
                .isInstanceOf(DamagedStoreException.class)
                .hasMessageStartingWith("store file is truncated")
                .hasMessageContaining("bytes=40");
        assertThat(Files.readAllBytes(file)).isEqualTo(start);
    }

    @Test
    void sqliteDatabaseOfAnotherProgramIsRefusedAndLeftByteForByteUnchanged() throws Exception {
        Path file = directory.resolve("other.db");
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE things (name TEXT)");
            statement.execute("INSERT INTO things VALUES ('kept')");
        }
        byte[] before = Files.readAllBytes(file);
        assertThatThrownBy(() -> SqliteKeyValueStore.open(file, StoreOptions.DEFAULT))
                .isInstanceOf(NotAStoreFileException.class)
                .hasMessageStartingWith("SQLite database is not a Frontier store")
                .hasMessageContaining("applicationId=0x00000000");
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
        try (Stream<Path> files = Files.list(directory)) {
            assertThat(files).as("no WAL or lock file was created").containsExactly(file);
        }
    }

    @Test
    void storeOfAnUnknownLayoutVersionIsRefusedAndLeftUnchanged() throws Exception {
        Path file = directory.resolve("future.db");
        SqliteKeyValueStore.open(file, StoreOptions.DEFAULT).close();
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement statement = connection.createStatement()) {
            statement.execute("PRAGMA user_version = " + (StoreFile.LAYOUT_VERSION + 1));
        }
        byte[] before = Files.readAllBytes(file);
        assertThatThrownBy(() -> SqliteKeyValueStore.open(file, StoreOptions.DEFAULT))
                .isInstanceOf(NotAStoreFileException.class)
                .hasMessageStartingWith("Frontier store has an unsupported layout version")
                .hasMessageContaining("layoutVersion=" + (StoreFile.LAYOUT_VERSION + 1));
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
    }

    @Test
    void directoryAtTheStorePathIsRefused() throws Exception {
        Path file = Files.createDirectory(directory.resolve("store.db"));
        assertThatThrownBy(() -> SqliteKeyValueStore.open(file, StoreOptions.DEFAULT))
                .isInstanceOf(NotAStoreFileException.class)
                .hasMessageStartingWith("store path is not a regular file");
    }

    @Test
    void missingDirectoryIsRefusedWithoutCreatingIt() {
        Path file = directory.resolve("absent").resolve("store.db");
        assertThatThrownBy(() -> SqliteKeyValueStore.open(file, StoreOptions.DEFAULT))
                .isInstanceOf(StoreException.class)
                .hasMessageStartingWith("store directory does not exist");
        assertThat(directory.resolve("absent")).doesNotExist();
    }

    @Test
    void pathOnANetworkFilesystemIsRefusedBeforeAnythingIsCreated() throws Exception {
        Path real = directory.toRealPath();
        for (String type : new String[] {"nfs4", "lustre", "cifs", "gpfs", "beegfs"}) {
            MountTable mounts = MountTable.parse(String.join("\n",
                    "22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw",
                    "90 22 0:52 / " + real + " rw,relatime shared:40 - " + type + " server:/export rw"));
            Path file = directory.resolve("store.db");
            assertThatThrownBy(() -> SqliteKeyValueStore.open(file, StoreOptions.DEFAULT, mounts))
                    .isInstanceOf(UnsupportedFilesystemException.class)
                    .hasMessageStartingWith("store path is on a network filesystem")
                    .hasMessageContaining("path=" + file)
                    .hasMessageContaining("filesystem=" + type);
            assertThat(file).doesNotExist();
        }
    }

    @Test
    void symbolicLinkIntoANetworkFilesystemIsRefused() throws Exception {
        Path remote = Files.createDirectory(directory.resolve("remote"));
        Path local = Files.createDirectory(directory.resolve("local"));
        Path link = Files.createSymbolicLink(local.resolve("data"), remote);
        MountTable mounts = MountTable.parse(String.join("\n",
                "22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw",
                "90 22 0:52 / " + remote.toRealPath() + " rw shared:40 - nfs server:/export rw"));
        assertThatThrownBy(() -> SqliteKeyValueStore.open(link.resolve("store.db"), StoreOptions.DEFAULT, mounts))
                .isInstanceOf(UnsupportedFilesystemException.class)
                .hasMessageContaining("filesystem=nfs");
        assertThat(remote.resolve("store.db")).doesNotExist();
    }

    @Test
    void pathOnTheLocalFilesystemOfThisMachineIsAccepted() throws Exception {
        Path file = directory.resolve("store.db");
        SqliteKeyValueStore.open(file, StoreOptions.DEFAULT).close();
        assertThat(file).isRegularFile();
    }
}
