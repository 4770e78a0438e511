package io.frontier.worker.rank;

import io.frontier.store.error.IoReason;
import io.frontier.store.corpus.fs.FileTrees;
import io.frontier.store.record.ResultId;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A worker rank's private working directory {@code <scratch>/epoch-<epoch>/rank-<global rank>},
 * and one {@link RunDirectory} per assignment inside it.
 *
 * <p>Ownership: while claimed, the directory belongs to this worker alone, which a lock on
 * {@code <scratch>/epoch-<epoch>/rank-<global rank>.lock} enforces (a second claim, from this
 * process or another, fails). The epoch keeps jobs apart: a worker of a job that a newer one
 * fenced off may still be alive on this machine (paused, or not yet killed), and must not keep
 * the newer job's worker of the same rank from starting. Whatever the directory holds when it is
 * claimed was left by a worker that died, and is removed; so is the directory of the same rank
 * in every earlier epoch whose lock is free (its worker is gone). The worker removes each run
 * directory after answering its assignment, and the whole directory when it closes this; the
 * lock file stays, because removing a lock file lets two later claimants lock two different
 * files (an earlier epoch's lock file is removed, since no job claims an earlier epoch again).
 * Nothing here is durable: it is scratch, and is never fsynced. Used by one thread.
 */
final class ScratchDirectory implements AutoCloseable {

    private static final String RUN_PREFIX = "run-";
    private static final String EPOCH_PREFIX = "epoch-";

    private final Path directory;
    private final FileChannel lockChannel;
    private final FileLock lock;

    private ScratchDirectory(Path directory, FileChannel lockChannel, FileLock lock) {
        this.directory = directory;
        this.lockChannel = lockChannel;
        this.lock = lock;
    }

    /**
     * Claims {@code <scratch>/epoch-<epoch>/rank-<rank>} for worker rank {@code rank} of the job
     * of {@code epoch}, creating directories as needed and emptying what a dead worker left, then
     * removes this rank's directories of earlier epochs whose workers are gone.
     *
     * @throws WorkerException if another claim holds it or the filesystem refuses
     */
    static ScratchDirectory claim(Path scratch, long epoch, int rank) {
        Path root = scratch.resolve(EPOCH_PREFIX + epoch);
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
            removeEarlierEpochs(scratch, epoch, rank);
            return new ScratchDirectory(directory, channel, lock);
        } catch (IOException | RuntimeException e) {
            closeQuietly(channel, e);
            if (e instanceof WorkerException failure) {
                throw failure;
            }
            throw new WorkerException("scratch directory cannot be prepared", e)
                    .with("rank", rank).with("path", directory)
                    .with("problem", e instanceof IOException io ? IoReason.of(io) : e.toString());
        }
    }

    /**
     * Removes {@code <scratch>/epoch-<e>/rank-<rank>} and its lock file for every {@code e}
     * below {@code epoch} whose lock can be taken, and each such epoch directory once empty.
     * Best effort: what cannot be removed now (a worker still holds it) is tried by the next claim.
     */
    private static void removeEarlierEpochs(Path scratch, long epoch, int rank) throws IOException {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(scratch, EPOCH_PREFIX + "*")) {
            for (Path earlier : entries) {
                String suffix = earlier.getFileName().toString().substring(EPOCH_PREFIX.length());
                if (!suffix.matches("[0-9]{1,18}") || Long.parseLong(suffix) >= epoch) {
                    continue;
                }
                Path lockFile = earlier.resolve("rank-" + rank + ".lock");
                if (Files.isRegularFile(lockFile, LinkOption.NOFOLLOW_LINKS)) {
                    try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE)) {
                        FileLock lock = tryLock(channel);
                        if (lock == null) {
                            continue;
                        }
                        FileTrees.delete(earlier.resolve("rank-" + rank));
                        Files.delete(lockFile);
                    }
                }
                try {
                    Files.deleteIfExists(earlier);
                } catch (DirectoryNotEmptyException otherRanks) {
                    // Other ranks of that job left theirs; their next claims remove them.
                }
            }
        }
    }

    /** {@code <scratch>/epoch-<epoch>/rank-<rank>}: also where the executor keeps per-worker state (SymCC's coverage map). */
    Path directory() {
        return directory;
    }

    /** A new, empty run directory for result {@code result}. */
    RunDirectory newRun(ResultId result) {
        Path run = runPath(result);
        try {
            Files.createDirectory(run);
        } catch (IOException e) {
            throw new WorkerException("run directory cannot be created", e).with("path", run).with("problem", IoReason.of(e));
        }
        return new RunDirectory(run);
    }

    /** Removes the run directory of {@code result}, if any, and everything the target left in it. */
    void removeRun(ResultId result) {
        Path run = runPath(result);
        try {
            FileTrees.delete(run);
        } catch (IOException e) {
            throw new WorkerException("run directory cannot be removed", e).with("path", run).with("problem", IoReason.of(e));
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
                    .with("path", directory).with("problem", IoReason.of(e));
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
