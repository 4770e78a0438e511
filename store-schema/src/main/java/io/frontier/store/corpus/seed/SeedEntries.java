package io.frontier.store.corpus.seed;

import io.frontier.store.corpus.EntryType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Tells whether one entry of a seed directory is a seed, without reading its bytes: a regular
 * file, or a symbolic link (through any number of links) to one. A link is resolved to the real
 * path of the file it ends at, and that file is what is read, opened without following links,
 * so a link swapped meanwhile is refused by the open instead of followed somewhere else.
 */
final class SeedEntries {

    private SeedEntries() {
    }

    /** What an entry is to the scanner. */
    sealed interface Examined permits Seed, NotASeed {
    }

    /**
     * A seed.
     *
     * @param source the regular file to read: the entry itself, or the real path its link ends at
     * @param attributes {@code source}'s attributes, read without following links
     */
    record Seed(Path source, BasicFileAttributes attributes) implements Examined {
    }

    /**
     * An entry that is no seed.
     *
     * @param type the entry's own type
     * @param reason why, in words, with a link's target
     */
    record NotASeed(EntryType type, String reason) implements Examined {
    }

    /**
     * Examines {@code entry}. A link that cannot be followed (dangling, a loop, a target that
     * cannot be examined) is no seed, with the reason; the next scan examines it again.
     *
     * @throws IOException if the entry itself cannot be examined now
     */
    static Examined examine(Path entry) throws IOException {
        BasicFileAttributes own = Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        EntryType type = EntryType.of(own);
        if (type == EntryType.REGULAR_FILE) {
            return new Seed(entry, own);
        }
        if (type != EntryType.SYMBOLIC_LINK) {
            return new NotASeed(type, type.description() + ", not a regular file");
        }
        Path target;
        BasicFileAttributes resolved;
        try {
            target = entry.toRealPath();
            resolved = Files.readAttributes(target, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return new NotASeed(type, "dangling symbolic link: its target " + linkText(entry) + " does not exist");
        } catch (IOException e) {
            return new NotASeed(type, "symbolic link that cannot be followed (to " + linkText(entry) + "): " + e);
        }
        EntryType targetType = EntryType.of(resolved);
        if (targetType != EntryType.REGULAR_FILE) {
            return new NotASeed(type, "symbolic link to " + target + " (" + targetType.description()
                    + "), not to a regular file");
        }
        return new Seed(target, resolved);
    }

    /** What the link {@code entry} says, for messages. */
    private static String linkText(Path entry) {
        try {
            return Files.readSymbolicLink(entry).toString();
        } catch (IOException e) {
            return "an unreadable target (" + e + ")";
        }
    }
}
