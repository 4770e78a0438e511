package io.frontier.store.corpus.fs;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Creates, renames and removes corpus files so that the result survives a crash, counting every
 * fsync in one {@link Fsync}.
 *
 * <p>Stateless apart from the counter; safe for use by many threads.
 */
public final class DurableFiles {

    private final Fsync fsync;

    public DurableFiles(Fsync fsync) {
        this.fsync = fsync;
    }

    /** The counter every fsync of this instance goes through. */
    public Fsync fsync() {
        return fsync;
    }

    /** Creates a new, uniquely named temporary file in {@code directory}. */
    public PendingFile create(Path directory) {
        return PendingFile.create(directory, fsync);
    }

    /**
     * Renames {@code source} to {@code target} atomically (rename(2), replacing an existing
     * file). Not durable until the caller fsyncs the target's directory, which lets a caller
     * moving many files fsync that directory once.
     */
    public void rename(Path source, Path target) {
        try {
            Files.move(source, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw CorpusIoException.of("cannot rename file", source, e).with("target", target);
        }
    }

    /**
     * Makes every level from {@code base} (which must exist) down to {@code target} a real
     * directory, creating missing levels and fsyncing the parent of each one created. A level
     * that exists as anything but a directory, a symbolic link included, is an error.
     */
    public void ensureDirectories(Path base, Path target) {
        if (!target.startsWith(base)) {
            throw new IllegalArgumentException(target + " is not under " + base);
        }
        Path current = base;
        for (Path component : base.relativize(target)) {
            Path next = current.resolve(component);
            if (!Files.isDirectory(next, LinkOption.NOFOLLOW_LINKS)) {
                createDirectory(next);
                fsync.directory(current);
            }
            current = next;
        }
    }

    /**
     * Removes {@code root} and everything under it without following symbolic links (a link is
     * removed, never its target), then fsyncs the parent. Removing what is already gone does
     * nothing, so this is harmless to repeat.
     */
    public void removeTree(Path root) {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            FileTrees.delete(root);
        } catch (IOException e) {
            throw CorpusIoException.of("cannot remove directory tree", root, e);
        }
        fsync.directory(root.getParent());
    }

    private static void createDirectory(Path directory) {
        try {
            Files.createDirectory(directory);
        } catch (FileAlreadyExistsException e) {
            // Another process may have created it since we looked; only a directory will do.
            if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
                throw CorpusIoException.of("cannot create directory", directory,
                        new FileSystemException(directory.toString(), null, "it exists and is not a directory"));
            }
        } catch (IOException e) {
            throw CorpusIoException.of("cannot create directory", directory, e);
        }
    }
}
