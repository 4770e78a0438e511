package io.frontier.store.corpus;

import io.frontier.store.corpus.fs.CorpusIoException;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.PendingFile;
import io.frontier.store.corpus.fs.UnreadableFileException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * A directory of objects, each a regular file named by the digest of its bytes: the public
 * corpus, or one result's stage.
 *
 * <p>Invariant: a name this class publishes holds exactly the bytes it names and is durable
 * before the call returns. Publishing bytes whose name already exists re-verifies the object
 * there; a corrupt object fails closed with a {@link CorruptObjectException} and is left in
 * place for an operator, because replacing it would hide whatever corrupted it. Safe for use by
 * many threads and many processes: concurrent publishers of the same bytes each rename a
 * complete, fsynced file over the name, so readers only ever see the right bytes.
 */
public final class ObjectDirectory {

    private final Path directory;
    private final DurableFiles files;

    public ObjectDirectory(Path directory, DurableFiles files) {
        this.directory = directory;
        this.files = files;
    }

    /** The directory holding the objects. */
    public Path directory() {
        return directory;
    }

    /** Where the object {@code digest} lives (whether or not it exists). */
    public Path pathOf(Digest digest) {
        return directory.resolve(digest.hex());
    }

    /**
     * Publishes {@code bytes} under their digest. If the name exists, the object there is
     * verified and made durable instead of written again.
     */
    public Published publish(byte[] bytes) {
        HashedContent content = ContentHasher.hash(bytes);
        if (verifyPresentAndSync(content.digest()).isPresent()) {
            return new Published(content.digest(), content.size(), false);
        }
        try (PendingFile pending = files.create(directory)) {
            pending.write(ByteBuffer.wrap(bytes));
            pending.publishAs(content.digest().hex());
        }
        return new Published(content.digest(), content.size(), true);
    }

    /**
     * Publishes the bytes of the regular file {@code source} (anything else is refused),
     * hashing them as they are copied, so the name is the digest of the bytes actually written
     * even if the source changes meanwhile.
     *
     * @throws UnreadableFileException if {@code source} cannot be opened or read; nothing is
     *     published then
     */
    public Published publish(Path source) {
        Published published = publishUnsynced(source);
        syncDirectory();
        return published;
    }

    /** Makes every name published in this directory so far durable: one fsync of the directory. */
    public void syncDirectory() {
        files.fsync().directory(directory);
    }

    /**
     * Publishes the bytes of each of {@code sources} as {@link #publish(Path)} does, in order,
     * with one fsync of this directory after the last instead of one per file: every file is
     * still fsynced before its rename, and the names are durable once the call returns. A
     * failure part-way leaves the files before it renamed, possibly not yet durable, as a crash
     * there would; the caller must not report any of them as published.
     *
     * @throws UnreadableFileException if a source cannot be opened or read
     */
    public List<Published> publishAll(List<Path> sources) {
        List<Published> published = new ArrayList<>(sources.size());
        for (Path source : sources) {
            published.add(publishUnsynced(source));
        }
        if (!published.isEmpty()) {
            files.fsync().directory(directory);
        }
        return published;
    }

    /**
     * {@link #publish(Path)} without the fsync of this directory: the file is fsynced before its
     * rename, but the name is not durable until the caller's {@link #syncDirectory}, which must
     * come before anything refers to the object. It lets the caller publish a batch with one
     * directory fsync and still handle each file's failure on its own.
     *
     * @throws UnreadableFileException as {@link #publish(Path)}
     */
    public Published publishUnsynced(Path source) {
        try (FileChannel input = ContentHasher.openForReading(source)) {
            try (PendingFile pending = files.create(directory)) {
                HashedContent content = ContentHasher.copy(input, source, pending::write);
                boolean present = verifyIfPresent(content.digest()).isPresent();
                if (!present) {
                    pending.renameAs(content.digest().hex());
                }
                return new Published(content.digest(), content.size(), !present);
            }
        } catch (IOException e) {
            throw UnreadableFileException.of(source, e);
        }
    }

    /**
     * Verifies the object {@code digest}: a regular file whose bytes hash to its name.
     *
     * @return its size
     * @throws MissingObjectException if there is no such name
     * @throws CorruptObjectException if the name holds anything else
     */
    public long verify(Digest digest) {
        OptionalLong size = verifyIfPresent(digest);
        if (size.isEmpty()) {
            throw MissingObjectException.of(pathOf(digest));
        }
        return size.getAsLong();
    }

    /**
     * Verifies the object {@code digest} if its name exists.
     *
     * @return its size, or empty if there is no such name
     * @throws CorruptObjectException if the name holds anything but the right bytes
     */
    public OptionalLong verifyIfPresent(Digest digest) {
        return verifyIfPresent(digest, false);
    }

    /**
     * Copies the object {@code digest} to {@code destination}, a new file, hashing the bytes as
     * they are copied. On a digest mismatch or any other failure the destination is removed, so
     * a caller that gets no exception holds exactly the named bytes. The copy is a private
     * working file and is not fsynced.
     *
     * @return the number of bytes copied
     */
    public long copyVerified(Digest digest, Path destination) {
        Path object = pathOf(digest);
        requireRegularFile(object);
        try (FileChannel source = ContentHasher.openForReading(object)) {
            return copyToNewFile(source, object, digest, destination);
        } catch (IOException e) {
            throw UnreadableFileException.of(object, e);
        }
    }

    /**
     * Verifies an existing object and, if it is good, fsyncs this directory. Every writer of
     * this package fsyncs a file before giving it its final name, but whoever renamed this one
     * may not have fsynced the directory yet (a concurrent publisher between its rename and its
     * directory fsync, or one that crashed there), and this caller is about to report the
     * object as durably present.
     */
    private OptionalLong verifyPresentAndSync(Digest digest) {
        return verifyIfPresent(digest, true);
    }

    private OptionalLong verifyIfPresent(Digest digest, boolean sync) {
        Path object = pathOf(digest);
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(object, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return OptionalLong.empty();
        } catch (IOException e) {
            throw UnreadableFileException.of(object, e);
        }
        EntryType type = EntryType.of(attributes);
        if (type != EntryType.REGULAR_FILE) {
            throw NotRegularObjectException.of(object, type);
        }
        try (FileChannel channel = ContentHasher.openForReading(object)) {
            HashedContent actual = ContentHasher.hash(channel, object);
            if (!actual.digest().equals(digest)) {
                throw DigestMismatchException.of(object, digest, actual.digest());
            }
            if (sync) {
                files.fsync().directory(directory);
            }
            return OptionalLong.of(actual.size());
        } catch (IOException e) {
            throw UnreadableFileException.of(object, e);
        }
    }

    private static void requireRegularFile(Path object) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(object, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            throw MissingObjectException.of(object);
        } catch (IOException e) {
            throw UnreadableFileException.of(object, e);
        }
        EntryType type = EntryType.of(attributes);
        if (type != EntryType.REGULAR_FILE) {
            throw NotRegularObjectException.of(object, type);
        }
    }

    private static long copyToNewFile(FileChannel source, Path object, Digest expected, Path destination) {
        FileChannel target;
        try {
            target = FileChannel.open(destination, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw CorpusIoException.of("cannot create destination file", destination, e);
        }
        try {
            HashedContent actual;
            try (target) {
                actual = ContentHasher.copy(source, object, bytes -> writeFully(target, destination, bytes));
            } catch (IOException e) {
                throw CorpusIoException.of("cannot close destination file", destination, e);
            }
            if (!actual.digest().equals(expected)) {
                throw DigestMismatchException.of(object, expected, actual.digest());
            }
            return actual.size();
        } catch (RuntimeException failure) {
            removeAfterFailure(destination, failure);
            throw failure;
        }
    }

    private static void writeFully(FileChannel target, Path destination, ByteBuffer bytes) {
        try {
            while (bytes.hasRemaining()) {
                target.write(bytes);
            }
        } catch (IOException e) {
            throw CorpusIoException.of("cannot write destination file", destination, e);
        }
    }

    private static void removeAfterFailure(Path destination, RuntimeException failure) {
        try {
            Files.deleteIfExists(destination);
        } catch (IOException e) {
            failure.addSuppressed(CorpusIoException.of("cannot remove destination file", destination, e));
        }
    }
}
