package io.frontier.tools.finding;

import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.corpus.Digest;
import io.frontier.store.corpus.DigestMismatchException;
import io.frontier.store.corpus.EntryType;
import io.frontier.store.corpus.HashedContent;
import io.frontier.store.corpus.MissingObjectException;
import io.frontier.store.corpus.NotRegularObjectException;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.PendingFile;
import io.frontier.store.corpus.fs.UnreadableFileException;
import io.frontier.store.error.FrontierException;
import io.frontier.store.record.FindingRecord;
import io.frontier.store.view.FindingGroup;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * Copies the findings' inputs out of the public corpus into
 * {@code <destination>/<signature>/<digest>}.
 *
 * <p>Invariant: a file this class names {@code <digest>} holds exactly the bytes of that digest
 * and is durable when the copy returns. Every byte is hashed as it is copied into a temporary
 * file beside its final name; only a copy whose digest matches is fsynced and renamed into
 * place (then the directory is fsynced). A corpus object whose bytes do not match its name is a
 * {@link DigestMismatchException} naming the object and both digests, and nothing is left
 * behind for it, not even a signature directory this copy created and left empty. Running the copy again copies nothing that is already there with the right
 * bytes; a file there with other bytes is replaced by a verified copy. One instance per run.
 */
final class FindingCopier {

    private final Path corpus;
    private final Path destination;
    private final DurableFiles files;
    private long copied;
    private long present;

    /**
     * @param corpus the campaign's public corpus directory
     * @param destination where to copy to; created if missing, but its parent must exist
     */
    FindingCopier(Path corpus, Path destination, DurableFiles files) {
        this.corpus = corpus;
        this.destination = destination.toAbsolutePath().normalize();
        this.files = files;
    }

    /** Copies every input of {@code groups}, group by group; stops at the first failure. */
    CopyReport copy(List<FindingGroup> groups) {
        Path parent = destination.getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new FrontierException("the directory to copy findings into has no existing parent directory")
                    .with("directory", destination);
        }
        for (FindingGroup group : groups) {
            Path directory = destination.resolve(group.signature());
            List<Path> created = missingLevels(parent, directory);
            files.ensureDirectories(parent, directory);
            try {
                for (FindingRecord record : group.inputs()) {
                    copy(record.input(), directory);
                }
            } catch (FrontierException e) {
                removeEmpty(created, e);
                throw e;
            }
        }
        return new CopyReport(destination.toString(), copied, present);
    }

    /** The directories from below {@code base} down to {@code target} that do not exist yet, deepest first. */
    private static List<Path> missingLevels(Path base, Path target) {
        List<Path> missing = new ArrayList<>();
        for (Path level = target; !level.equals(base) && !Files.exists(level, LinkOption.NOFOLLOW_LINKS);
             level = level.getParent()) {
            missing.add(level);
        }
        return missing;
    }

    /**
     * Removes the directories this copy created for a group that failed, deepest first, as long
     * as they are empty: a failed copy must not leave a signature directory that looks like a
     * finding without its input. A directory that cannot be removed is added to {@code failure}.
     */
    private void removeEmpty(List<Path> created, FrontierException failure) {
        for (Path directory : created) {
            try {
                Files.delete(directory);
                files.fsync().directory(directory.getParent());
            } catch (DirectoryNotEmptyException e) {
                return;
            } catch (IOException | FrontierException e) {
                failure.with("leftBehind", directory);
                return;
            }
        }
    }

    private void copy(Digest input, Path directory) {
        Path target = directory.resolve(input.hex());
        if (holds(target, input)) {
            files.fsync().directory(directory);
            present++;
            return;
        }
        Path object = corpus.resolve(input.hex());
        requireRegularFile(object);
        try (FileChannel source = FileChannel.open(object, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
             PendingFile pending = files.create(directory)) {
            HashedContent actual = ContentHasher.copy(source, object, pending::write);
            if (!actual.digest().equals(input)) {
                throw DigestMismatchException.of(object, input, actual.digest());
            }
            pending.publishAs(input.hex());
        } catch (IOException e) {
            throw UnreadableFileException.of(object, e);
        }
        copied++;
    }

    /** True if {@code target} is a regular file holding exactly the bytes of {@code input}. */
    private static boolean holds(Path target, Digest input) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(target, BasicFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
            return attributes.isRegularFile() && ContentHasher.hashFile(target).digest().equals(input);
        } catch (NoSuchFileException e) {
            return false;
        } catch (IOException e) {
            throw UnreadableFileException.of(target, e);
        }
    }

    /** Refuses anything but a regular file before opening it: opening a FIFO would block. */
    private static void requireRegularFile(Path object) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(object, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            throw MissingObjectException.of(object);
        } catch (IOException e) {
            throw UnreadableFileException.of(object, e);
        }
        if (!attributes.isRegularFile()) {
            throw NotRegularObjectException.of(object, EntryType.of(attributes));
        }
    }
}
