package io.frontier.worker.rank;

import io.frontier.store.error.IoReason;
import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.corpus.Digest;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Copies a corpus object into a worker's private directory, hashing the bytes as they are
 * copied, so the worker executes exactly the bytes it verified even if the shared file changes
 * meanwhile.
 *
 * <p>Whatever goes wrong on the corpus side (the object is missing, is not a regular file,
 * cannot be read, or holds other bytes) is a {@link Copied#verified() mismatch}: the digest of
 * the bytes actually read (possibly none), which the RESULT echoes so the coordinator sees it.
 * A failure to write the private copy is this worker's own and is thrown. Stateless.
 */
final class InputCopy {

    private InputCopy() {
    }

    /**
     * What was read from the corpus object.
     *
     * @param actual the SHA-256 of the bytes read, which equals the expected digest only if the
     *               whole object was read and holds the right bytes
     * @param size   how many bytes were read
     * @param problem why the copy is unusable, or empty if it is verified
     */
    record Copied(Digest actual, long size, String problem) {

        boolean verified() {
            return problem.isEmpty();
        }
    }

    /**
     * Copies {@code object}, which should hold the bytes named {@code expected}, to the new file
     * {@code destination}. On a mismatch the destination may hold a partial copy; the caller's
     * run directory owns it.
     *
     * @throws WorkerException if the destination cannot be written
     */
    static Copied copy(Path object, Digest expected, Path destination) {
        MessageDigest sha256 = sha256();
        long size = 0;
        String problem = "";
        try (FileChannel target = FileChannel.open(destination, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            try (FileChannel source = openRegularFile(object)) {
                ByteBuffer buffer = ByteBuffer.allocate(ContentHasher.BUFFER_BYTES);
                while (source.read(buffer) >= 0) {
                    buffer.flip();
                    sha256.update(buffer.array(), 0, buffer.limit());
                    size += buffer.limit();
                    writeFully(target, buffer, destination);
                    buffer.clear();
                }
            } catch (IOException e) {
                problem = "object cannot be read: " + e;
            }
        } catch (IOException e) {
            throw new WorkerException("private input copy cannot be written", e)
                    .with("path", destination).with("problem", IoReason.of(e));
        }
        Digest actual = Digest.of(sha256.digest());
        if (problem.isEmpty() && !actual.equals(expected)) {
            problem = "object content does not match its name";
        }
        return new Copied(actual, size, problem);
    }

    /** Opens {@code file} for reading if it is a regular file; a FIFO would block the open, a link is refused. */
    private static FileChannel openRegularFile(Path file) throws IOException {
        BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (!attributes.isRegularFile()) {
            throw new IOException("not a regular file: " + file);
        }
        return FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
    }

    private static void writeFully(FileChannel target, ByteBuffer buffer, Path destination) {
        try {
            while (buffer.hasRemaining()) {
                target.write(buffer);
            }
        } catch (IOException e) {
            throw new WorkerException("private input copy cannot be written", e)
                    .with("path", destination).with("problem", IoReason.of(e));
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform must provide SHA-256", e);
        }
    }
}
