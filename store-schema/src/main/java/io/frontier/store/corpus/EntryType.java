package io.frontier.store.corpus;

import java.nio.file.attribute.BasicFileAttributes;

/**
 * What a directory entry is, as seen without following symbolic links. Only a
 * {@link #REGULAR_FILE} can be an object or a seed.
 */
public enum EntryType {
    REGULAR_FILE("regular file"),
    DIRECTORY("directory"),
    SYMBOLIC_LINK("symbolic link"),
    OTHER("other (device, FIFO or socket)");

    private final String description;

    EntryType(String description) {
        this.description = description;
    }

    /** The type of an entry whose attributes were read with {@code NOFOLLOW_LINKS}. */
    public static EntryType of(BasicFileAttributes attributes) {
        if (attributes.isSymbolicLink()) {
            return SYMBOLIC_LINK;
        }
        if (attributes.isRegularFile()) {
            return REGULAR_FILE;
        }
        if (attributes.isDirectory()) {
            return DIRECTORY;
        }
        return OTHER;
    }

    /** Words for messages and reports. */
    public String description() {
        return description;
    }
}
