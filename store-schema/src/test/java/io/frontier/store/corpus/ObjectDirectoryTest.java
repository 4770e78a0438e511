package io.frontier.store.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.corpus.fs.CorpusIoException;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import io.frontier.store.corpus.fs.UnreadableFileException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
    void publishingManyFilesFsyncsEachFileAndTheDirectoryOnce() throws Exception {
        Path first = Files.write(work.resolve("first"), ContentHasherTest.randomBytes(100, 4));
        Path second = Files.write(work.resolve("second"), ContentHasherTest.randomBytes(200, 5));
        Path present = Files.write(work.resolve("present"), ContentHasherTest.randomBytes(300, 6));
        Published before = objects.publish(present);
        long fsyncsBefore = fsync.count();

        List<Published> published = objects.publishAll(List.of(first, second, present));

        assertThat(published).extracting(Published::size).containsExactly(100L, 200L, 300L);
        assertThat(published).extracting(Published::created).containsExactly(true, true, false);
        assertThat(published.get(2).digest()).isEqualTo(before.digest());
        assertThat(Files.readAllBytes(objects.pathOf(published.get(1).digest()))).isEqualTo(Files.readAllBytes(second));
        assertThat(DurableFilesTest.entries(directory)).containsExactlyInAnyOrder(
                published.get(0).digest().hex(), published.get(1).digest().hex(), before.digest().hex());
        assertThat(fsync.count() - fsyncsBefore).as("the two new files, then the directory once").isEqualTo(3);
    }

    @Test
    void publishingManyFilesStopsAtACorruptObjectAndFsyncsNothingMore() throws Exception {
        Path good = Files.write(work.resolve("good"), new byte[] {1});
        Path shadowed = Files.write(work.resolve("shadowed"), new byte[] {2});
        Files.createDirectory(objects.pathOf(ContentHasher.hash(new byte[] {2}).digest()));

        assertThatThrownBy(() -> objects.publishAll(List.of(good, shadowed)))
                .isInstanceOf(NotRegularObjectException.class)
                .hasMessageContaining("type=directory");
        assertThat(fsync.count()).as("the first file only: its name is not reported as durable").isEqualTo(1);
        assertThat(objects.publishAll(List.of())).isEmpty();
        assertThat(fsync.count()).as("nothing published, nothing fsynced").isEqualTo(1);
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
