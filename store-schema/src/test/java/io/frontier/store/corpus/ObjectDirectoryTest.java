package io.frontier.store.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.corpus.fs.CorpusIoException;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import io.frontier.store.corpus.fs.UnreadableFileException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ObjectDirectoryTest {

    @TempDir
    Path work;

    private final Fsync fsync = new Fsync();
    private Path directory;
    private ObjectDirectory objects;

    @BeforeEach
    void createDirectory() throws Exception {
        directory = Files.createDirectory(work.resolve("objects"));
        objects = new ObjectDirectory(directory, new DurableFiles(fsync));
    }

    @Test
    void publishedBytesAreNamedByTheirDigestWithTwoFsyncs() throws Exception {
        byte[] bytes = ContentHasherTest.randomBytes(1024, 1);

        Published published = objects.publish(bytes);

        assertThat(published.created()).isTrue();
        assertThat(published.size()).isEqualTo(1024);
        assertThat(published.digest().hex()).isEqualTo(ContentHasherTest.referenceSha256(bytes));
        assertThat(Files.readAllBytes(directory.resolve(published.digest().hex()))).isEqualTo(bytes);
        assertThat(DurableFilesTest.entries(directory)).containsExactly(published.digest().hex());
        assertThat(fsync.count()).isEqualTo(2);
    }

    @Test
    void publishedFileIsCopiedAndNamedByTheBytesRead() throws Exception {
        byte[] bytes = ContentHasherTest.randomBytes(3 * ContentHasher.BUFFER_BYTES, 2);
        Path source = Files.write(work.resolve("source with spaces"), bytes);

        Published published = objects.publish(source);

        assertThat(published.created()).isTrue();
        assertThat(Files.readAllBytes(objects.pathOf(published.digest()))).isEqualTo(bytes);
        assertThat(source).exists();
        assertThat(DurableFilesTest.entries(directory)).containsExactly(published.digest().hex());
    }

    @Test
    void publishingPresentBytesVerifiesThemAndFsyncsOnlyTheDirectory() {
        byte[] bytes = ContentHasherTest.randomBytes(100, 3);
        objects.publish(bytes);
        long fsyncsBefore = fsync.count();

        Published again = objects.publish(bytes);

        assertThat(again.created()).isFalse();
        assertThat(fsync.count() - fsyncsBefore).isEqualTo(1);
        assertThat(DurableFilesTest.entries(directory)).containsExactly(again.digest().hex());
    }

    @Test
    void publishingFromAnUnreadableSourceLeavesNothing() {
        Path missing = work.resolve("missing");

        assertThatThrownBy(() -> objects.publish(missing))
                .isInstanceOf(UnreadableFileException.class)
                .hasMessageContaining("path=" + missing);
        assertThat(directory).isEmptyDirectory();
    }

    @Test
    void directoryUnderAnObjectNameIsACorruptObject() throws Exception {
        byte[] bytes = {1, 2, 3};
        Digest digest = ContentHasher.hash(bytes).digest();
        Files.createDirectory(objects.pathOf(digest));

        assertThatThrownBy(() -> objects.publish(bytes))
                .isInstanceOf(NotRegularObjectException.class)
                .hasMessageContaining("type=directory");
        assertThatThrownBy(() -> objects.verify(digest)).isInstanceOf(NotRegularObjectException.class);
        assertThat(DurableFilesTest.entries(directory)).containsExactly(digest.hex());
    }

    @Test
    void symbolicLinkUnderAnObjectNameIsNotFollowed() throws Exception {
        byte[] bytes = {4, 5, 6};
        Digest digest = ContentHasher.hash(bytes).digest();
        Path intact = Files.write(work.resolve("intact"), bytes);
        Files.createSymbolicLink(objects.pathOf(digest), intact);

        assertThatThrownBy(() -> objects.verify(digest))
                .isInstanceOf(NotRegularObjectException.class)
                .hasMessageContaining("type=symbolic link");
        assertThatThrownBy(() -> objects.copyVerified(digest, work.resolve("copy")))
                .isInstanceOf(NotRegularObjectException.class);
        assertThat(work.resolve("copy")).doesNotExist();
    }

    @Test
    void verifyOfAnAbsentObjectSaysMissing() {
        Digest digest = ContentHasher.hash(new byte[] {9}).digest();

        assertThat(objects.verifyIfPresent(digest)).isEmpty();
        assertThatThrownBy(() -> objects.verify(digest))
                .isInstanceOf(MissingObjectException.class)
                .hasMessageContaining("path=" + objects.pathOf(digest));
    }

    @Test
    void verifiedCopyHoldsExactlyTheNamedBytes() throws Exception {
        byte[] bytes = ContentHasherTest.randomBytes(ContentHasher.BUFFER_BYTES + 1, 4);
        Digest digest = objects.publish(bytes).digest();
        Path copy = work.resolve("private-copy");

        long size = objects.copyVerified(digest, copy);

        assertThat(size).isEqualTo(bytes.length);
        assertThat(Files.readAllBytes(copy)).isEqualTo(bytes);
        assertThat(objects.verify(digest)).isEqualTo(bytes.length);
    }

    @Test
    void verifiedCopyNeverOverwritesAnExistingDestination() throws Exception {
        Digest digest = objects.publish(new byte[] {1}).digest();
        Path existing = Files.write(work.resolve("existing"), new byte[] {42});

        assertThatThrownBy(() -> objects.copyVerified(digest, existing))
                .isInstanceOf(CorpusIoException.class)
                .hasMessageContaining("cannot create destination file")
                .hasMessageContaining("path=" + existing);
        assertThat(Files.readAllBytes(existing)).containsExactly(42);
    }
}
