package io.frontier.store.corpus.fs;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * A temporary file being written in its target directory, which becomes visible under its final
 * name only through {@link #publishAs} (or {@link #renameAs} and a directory fsync by the caller).
 *
 * <p>Invariant: once {@link #close} has returned, the temporary name no longer exists, whether
 * or not the file was published and whichever step failed. Owned by one thread; obtain it from
 * {@link DurableFiles#create} in a try-with-resources block.
 */
public final class PendingFile implements AutoCloseable {

    private final Path directory;
    private final Path temporary;
    private final FileChannel channel;
    private final Fsync fsync;
    /** Whether the channel is closed; after publishing it always is. */
    private boolean channelClosed;
    /** Whether the rename succeeded: from then on the temporary name is gone. */
    private boolean renamed;

    private PendingFile(Path directory, Path temporary, FileChannel channel, Fsync fsync) {
        this.directory = directory;
        this.temporary = temporary;
        this.channel = channel;
        this.fsync = fsync;
    }

    static PendingFile create(Path directory, Fsync fsync) {
        Path temporary = directory.resolve(TemporaryNames.next());
        try {
            FileChannel channel = FileChannel.open(
                    temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            return new PendingFile(directory, temporary, channel, fsync);
        } catch (IOException e) {
            throw CorpusIoException.of("cannot create temporary file", temporary, e);
        }
    }

    /** The temporary path, for messages. */
    public Path path() {
        return temporary;
    }

    /** Appends all remaining bytes of {@code bytes}. */
    public void write(ByteBuffer bytes) {
        try {
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
        } catch (IOException e) {
            throw CorpusIoException.of("cannot write temporary file", temporary, e);
        }
    }

    /**
     * Makes the written bytes durable under {@code directory/name}: fsync of the file, close,
     * rename over whatever has that name, fsync of the directory.
     *
     * <p>If the directory fsync fails, the new name is already visible but may not survive a
     * crash; the caller sees the failure and must not report the publish as done.
     *
     * @return the final path
     */
    public Path publishAs(String name) {
        Path target = renameAs(name);
        fsync.directory(directory);
        return target;
    }

    /**
     * {@link #publishAs} without the fsync of the directory: the bytes are durable, the name is
     * visible but survives a crash only once the caller has fsynced the directory. It lets a
     * caller publishing many files into one directory fsync that directory once for all of them.
     *
     * @return the final path
     */
    public Path renameAs(String name) {
        if (channelClosed) {
            throw new IllegalStateException("pending file already published or closed: " + temporary);
        }
        Path target = directory.resolve(name);
        fsync.file(channel, temporary);
        closeChannel();
        try {
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw CorpusIoException.of("cannot rename temporary file into place", temporary, e)
                    .with("target", target);
        }
        renamed = true;
        return target;
    }

    /** Closes the file and removes the temporary name unless it was renamed. */
    @Override
    public void close() {
        if (!channelClosed) {
            try {
                channel.close();
            } catch (IOException e) {
                // The bytes are being discarded, so a failure to flush them on close is moot;
                // what matters is that the name goes away, which the deletion below ensures.
            }
            channelClosed = true;
        }
        if (!renamed) {
            try {
                Files.deleteIfExists(temporary);
            } catch (IOException e) {
                throw CorpusIoException.of("cannot remove temporary file", temporary, e);
            }
        }
    }

    private void closeChannel() {
        channelClosed = true;
        try {
            channel.close();
        } catch (IOException e) {
            throw CorpusIoException.of("cannot close temporary file", temporary, e);
        }
    }
}
