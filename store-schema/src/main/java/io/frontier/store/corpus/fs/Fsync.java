package io.frontier.store.corpus.fs;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.LongAdder;

/**
 * Forces files and directories to stable storage, and counts the fsyncs it completed.
 *
 * <p>Every fsync of the corpus code goes through an instance of this class, so its count is the
 * exact number of fsync calls made on behalf of its owner (the benchmark divides it by the
 * number of objects published). Safe for use by many threads.
 */
public final class Fsync {

    /** Fsync calls that returned successfully. */
    private final LongAdder completed = new LongAdder();

    /** Forces the content and metadata of the open file {@code channel}, which is {@code path}. */
    public void file(FileChannel channel, Path path) {
        try {
            channel.force(true);
        } catch (IOException e) {
            throw CorpusIoException.of("cannot fsync file", path, e);
        }
        completed.increment();
    }

    /**
     * Forces {@code directory}, so that names created, renamed or removed in it survive a
     * crash. Linux allows fsync on a directory opened read-only.
     */
    public void directory(Path directory) {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            throw CorpusIoException.of("cannot fsync directory", directory, e);
        }
        completed.increment();
    }

    /** How many fsyncs completed so far. */
    public long count() {
        return completed.sum();
    }
}
