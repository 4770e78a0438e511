package io.frontier.worker.rank;

import io.frontier.store.corpus.fs.FileTrees;
import io.frontier.store.record.ResultId;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A worker rank's private working directory {@code <scratch>/rank-<global rank>}, and one
 * {@link RunDirectory} per assignment inside it.
 *
 * <p>Ownership: while claimed, the directory belongs to this worker alone, which a lock on
 * {@code <scratch>/rank-<global rank>.lock} enforces (a second claim, from this process or
 * another, fails). Whatever the directory holds when it is claimed was left by a worker that
 * died, and is removed. The worker removes each run directory after answering its assignment,
 * and the whole directory when it closes this; the lock file stays, because removing a lock file
 * lets two later claimants lock two different files. Nothing here is durable: it is scratch, and
 * is never fsynced. Used by one thread.
 */
final class ScratchDirectory implements AutoCloseable {

    private static final String RUN_PREFIX = "run-";

    private final Path directory;
    private final FileChannel lockChannel;
    private final FileLock lock;

    private ScratchDirectory(Path directory, FileChannel lockChannel, FileLock lock) {
        this.directory = directory;
        this.lockChannel = lockChannel;
        this.lock = lock;
    }

    /**
     * Claims {@code <root>/rank-<rank>} for worker rank {@code rank}, creating {@code root} if
     * absent and emptying what a dead worker left.
     *
     * @throws WorkerException if another claim holds it or the filesystem refuses
     */
    static ScratchDirectory claim(Path root, int rank) {
        Path directory = root.resolve("rank-" + rank);
        Path lockFile = root.resolve("rank-" + rank + ".lock");
        FileChannel channel = null;
        try {
            Files.createDirectories(root);
            channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = tryLock(channel);
            if (lock == null) {
                throw new WorkerException("scratch directory is in use by another worker")
                        .with("rank", rank).with("path", directory);
            }
            FileTrees.delete(directory);
            Files.createDirectory(directory);
            return new ScratchDirectory(directory, channel, lock);
        } catch (IOException | RuntimeException e) {
            closeQuietly(channel, e);
            if (e instanceof WorkerException failure) {
                throw failure;
            }
            throw new WorkerException("scratch directory cannot be prepared", e)
                    .with("rank", rank).with("path", directory).with("problem", e.toString());
        }
    }

    /** {@code <scratch>/rank-<rank>}: also where the executor keeps per-worker state (SymCC's coverage map). */
    Path directory() {
        return directory;
    }

    /** A new, empty run directory for result {@code result}. */
    RunDirectory newRun(ResultId result) {
        Path run = runPath(result);
        try {
            Files.createDirectory(run);
        } catch (IOException e) {
            throw new WorkerException("run directory cannot be created", e).with("path", run).with("problem", e.toString());
        }
        return new RunDirectory(run);
    }

    /** Removes the run directory of {@code result}, if any, and everything the target left in it. */
    void removeRun(ResultId result) {
        Path run = runPath(result);
        try {
            FileTrees.delete(run);
        } catch (IOException e) {
            throw new WorkerException("run directory cannot be removed", e).with("path", run).with("problem", e.toString());
        }
    }

    private Path runPath(ResultId result) {
        return directory.resolve(RUN_PREFIX + result.hex());
    }

    /** Removes the directory and releases the claim. */
    @Override
    public void close() {
        try (lockChannel) {
            FileTrees.delete(directory);
            lock.release();
        } catch (IOException e) {
            throw new WorkerException("scratch directory cannot be removed", e)
                    .with("path", directory).with("problem", e.toString());
        }
    }

    /** Where one assignment's files live: the verified copy of the input and the target's outputs. */
    record RunDirectory(Path path) {

        /** The private copy of the input the target runs on. */
        Path input() {
            return path.resolve("input");
        }

        /** The executor's output directory; absent until the executor creates it. */
        Path outputs() {
            return path.resolve("outputs");
        }
    }

    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException e) {
            // Held by another claim in this JVM: the same answer as a lock held by another process.
            return null;
        }
    }

    private static void closeQuietly(FileChannel channel, Exception failure) {
        if (channel == null) {
            return;
        }
        try {
            channel.close();
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
    }
}
