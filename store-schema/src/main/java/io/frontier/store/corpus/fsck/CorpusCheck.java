package io.frontier.store.corpus.fsck;

import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.corpus.Digest;
import io.frontier.store.corpus.EntryType;
import io.frontier.store.corpus.HashedContent;
import io.frontier.store.corpus.fs.CorpusIoException;
import io.frontier.store.corpus.fs.TemporaryNames;
import io.frontier.store.corpus.fs.UnreadableFileException;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Verifies every entry of one object directory (normally the public corpus) against its name
 * and reports the bad ones. Read-only; see the package rule. Stateless; one instance may run
 * many checks.
 */
public final class CorpusCheck {

    private final Path directory;

    public CorpusCheck(Path directory) {
        this.directory = directory;
    }

    /**
     * Examines every entry, hashing every regular file with a digest name.
     *
     * @throws CorpusIoException if the directory itself cannot be listed
     */
    public CorpusCheckReport run(CheckProgress progress) {
        Tally tally = new Tally();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(directory)) {
            for (Path entry : stream) {
                tally.entries++;
                examine(entry, tally).ifPresent(tally.findings::add);
                progress.checked(tally.entries, tally.bytes);
            }
        } catch (IOException e) {
            throw CorpusIoException.of("cannot list object directory", directory, e);
        }
        tally.findings.sort(Comparator.comparing(CheckFinding::name));
        return new CorpusCheckReport(directory, tally.entries, tally.objects, tally.bytes, tally.findings);
    }

    private static Optional<CheckFinding> examine(Path entry, Tally tally) {
        String name = entry.getFileName().toString();
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            return Optional.of(finding(CheckFinding.Kind.UNREADABLE, name, e.toString()));
        }
        EntryType type = EntryType.of(attributes);
        if (TemporaryNames.isTemporary(name)) {
            return Optional.of(finding(CheckFinding.Kind.TEMPORARY_FILE, name,
                    type.description() + ", modified " + attributes.lastModifiedTime()));
        }
        if (!Digest.isValid(name)) {
            return Optional.of(finding(CheckFinding.Kind.BAD_NAME, name, type.description()));
        }
        if (type != EntryType.REGULAR_FILE) {
            return Optional.of(finding(CheckFinding.Kind.NOT_REGULAR, name, type.description()));
        }
        HashedContent actual;
        try {
            actual = ContentHasher.hashFile(entry);
        } catch (UnreadableFileException e) {
            return Optional.of(finding(CheckFinding.Kind.UNREADABLE, name,
                    e.context().getOrDefault("error", e.getMessage())));
        }
        tally.bytes += actual.size();
        if (!actual.digest().hex().equals(name)) {
            return Optional.of(new CheckFinding(CheckFinding.Kind.DIGEST_MISMATCH, name, name,
                    actual.digest().hex(), "content does not match name"));
        }
        tally.objects++;
        return Optional.empty();
    }

    private static CheckFinding finding(CheckFinding.Kind kind, String name, String detail) {
        return new CheckFinding(kind, name, null, null, detail);
    }

    /** Counts of one run, owned by its thread. */
    private static final class Tally {
        /** Entries examined. */
        long entries;
        /** Entries verified as intact objects. */
        long objects;
        /** Bytes hashed, good or bad. */
        long bytes;
        /** Bad entries found. */
        final List<CheckFinding> findings = new ArrayList<>();
    }
}
