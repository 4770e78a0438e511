package io.frontier.store.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.corpus.fs.CorpusIoException;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import io.frontier.store.corpus.fs.PendingFile;
import io.frontier.store.corpus.fs.TemporaryNames;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DurableFilesTest {

    @TempDir
    Path work;

    private final Fsync fsync = new Fsync();
    private final DurableFiles files = new DurableFiles(fsync);

    @Test
    void temporaryNamesCarryPidCounterAndRandomAndNeverRepeat() {
        Set<String> names = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            names.add(TemporaryNames.next());
        }

        assertThat(names).hasSize(10_000);
        assertThat(names).allSatisfy(name -> {
            assertThat(name).matches("\\.tmp-" + ProcessHandle.current().pid() + "-[0-9]+-[0-9a-f]{16}");
            assertThat(TemporaryNames.isTemporary(name)).isTrue();
            assertThat(Digest.isValid(name)).isFalse();
        });
    }

    @Test
    void publishedFileAppearsUnderItsNameWithTwoFsyncsAndNoTemporaryLeft() throws Exception {
        try (PendingFile pending = files.create(work)) {
            assertThat(pending.path().getParent()).isEqualTo(work);
            assertThat(pending.path()).exists();
            pending.write(ByteBuffer.wrap(new byte[] {1, 2, 3}));
            pending.publishAs("final");
        }

        assertThat(Files.readAllBytes(work.resolve("final"))).containsExactly(1, 2, 3);
        assertThat(entries(work)).containsExactly("final");
        assertThat(fsync.count()).as("one fsync of the file, one of the directory").isEqualTo(2);
    }

    @Test
    void closingWithoutPublishingRemovesTheTemporaryFile() {
        try (PendingFile pending = files.create(work)) {
            pending.write(ByteBuffer.wrap(new byte[] {1}));
        }

        assertThat(entries(work)).isEmpty();
        assertThat(fsync.count()).isZero();
    }

    @Test
    void ensureDirectoriesCreatesEveryMissingLevelAndIsHarmlessToRepeat() {
        Path deep = work.resolve("a").resolve("b").resolve("c");

        files.ensureDirectories(work, deep);
        long afterFirst = fsync.count();
        files.ensureDirectories(work, deep);

        assertThat(deep).isDirectory();
        assertThat(afterFirst).as("the parent of each created level is fsynced").isEqualTo(3);
        assertThat(fsync.count()).as("nothing to create, nothing to fsync").isEqualTo(afterFirst);
    }

    @Test
    void ensureDirectoriesRefusesASymbolicLinkAsALevel() throws Exception {
        Path elsewhere = Files.createDirectory(work.resolve("elsewhere"));
        Files.createSymbolicLink(work.resolve("a"), elsewhere);

        assertThatThrownBy(() -> files.ensureDirectories(work, work.resolve("a").resolve("b")))
                .isInstanceOf(CorpusIoException.class)
                .hasMessageContaining("cannot create directory")
                .hasMessageContaining("path=" + work.resolve("a"));
        assertThat(elsewhere).isEmptyDirectory();
    }

    @Test
    void removeTreeDeletesLinksButNeverWhatTheyPointTo() throws Exception {
        Path outside = Files.createDirectory(work.resolve("outside"));
        Files.write(outside.resolve("precious"), new byte[] {7});
        Path tree = Files.createDirectories(work.resolve("tree").resolve("sub"));
        Files.write(tree.resolve("file"), new byte[] {1});
        Files.createSymbolicLink(tree.resolve("link"), outside);

        files.removeTree(work.resolve("tree"));
        files.removeTree(work.resolve("tree"));

        assertThat(work.resolve("tree")).doesNotExist();
        assertThat(outside.resolve("precious")).exists();
    }

    static Set<String> entries(Path directory) {
        try (Stream<Path> listing = Files.list(directory)) {
            Set<String> names = new HashSet<>();
            listing.forEach(path -> names.add(path.getFileName().toString()));
            return names;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
