package io.frontier.store.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.corpus.fs.UnreadableFileException;
import java.io.ByteArrayOutputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ContentHasherTest {

    @TempDir
    Path work;

    @Test
    void knownVectorsHashToTheirPublishedDigests() {
        assertThat(ContentHasher.hash(new byte[0]).digest().hex())
                .isEqualTo("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        assertThat(ContentHasher.hash("abc".getBytes(StandardCharsets.US_ASCII)).digest().hex())
                .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    @Test
    void fileSpanningManyBuffersHashesLikeTheWholeArray() throws Exception {
        byte[] bytes = randomBytes(3 * ContentHasher.BUFFER_BYTES + 17, 1);
        Path file = Files.write(work.resolve("big"), bytes);

        HashedContent content = ContentHasher.hashFile(file);

        assertThat(content.size()).isEqualTo(bytes.length);
        assertThat(content.digest().hex()).isEqualTo(referenceSha256(bytes));
    }

    @Test
    void copyPassesOnExactlyTheBytesItHashed() throws Exception {
        byte[] bytes = randomBytes(ContentHasher.BUFFER_BYTES + 5, 2);
        Path file = Files.write(work.resolve("source"), bytes);
        ByteArrayOutputStream copied = new ByteArrayOutputStream();

        HashedContent content;
        try (FileChannel channel = FileChannel.open(file)) {
            content = ContentHasher.copy(channel, file, buffer -> {
                byte[] chunk = new byte[buffer.remaining()];
                buffer.get(chunk);
                copied.writeBytes(chunk);
            });
        }

        assertThat(copied.toByteArray()).isEqualTo(bytes);
        assertThat(content.digest().hex()).isEqualTo(referenceSha256(bytes));
    }

    @Test
    void symbolicLinkIsRefusedNotFollowed() throws Exception {
        Path target = Files.write(work.resolve("target"), new byte[] {1, 2, 3});
        Path link = Files.createSymbolicLink(work.resolve("link"), target);

        assertThatThrownBy(() -> ContentHasher.hashFile(link))
                .isInstanceOf(UnreadableFileException.class)
                .hasMessageContaining("path=" + link);
    }

    @Test
    void directoryIsRefusedBeforeItIsOpened() {
        assertThatThrownBy(() -> ContentHasher.hashFile(work))
                .isInstanceOf(UnreadableFileException.class)
                .hasMessageContaining("not a regular file but a directory");
    }

    @Test
    void missingFileIsUnreadableWithItsPath() {
        Path missing = work.resolve("missing");

        assertThatThrownBy(() -> ContentHasher.hashFile(missing))
                .isInstanceOf(UnreadableFileException.class)
                .hasMessageContaining("cannot read file")
                .hasMessageContaining("path=" + missing);
    }

    static byte[] randomBytes(int length, long seed) {
        byte[] bytes = new byte[length];
        new SplittableRandom(seed).nextBytes(bytes);
        return bytes;
    }

    static String referenceSha256(byte[] bytes) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }
}
