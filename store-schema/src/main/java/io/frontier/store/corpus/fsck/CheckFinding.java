package io.frontier.store.corpus.fsck;

import java.util.Objects;

/**
 * One bad entry of an object directory.
 *
 * @param name the entry's file name
 * @param expected for {@link Kind#DIGEST_MISMATCH}, the digest the name promises; else null
 * @param actual for {@link Kind#DIGEST_MISMATCH}, the digest of the bytes found; else null
 * @param detail what was found, in words (entry type, error, modification time)
 */
public record CheckFinding(Kind kind, String name, String expected, String actual, String detail) {

    /** What is wrong with the entry. */
    public enum Kind {
        /** The name is neither a digest spelling nor a temporary name. */
        BAD_NAME,
        /** A digest name whose bytes hash to another digest. */
        DIGEST_MISMATCH,
        /** A digest name that is a directory, symbolic link or special file. */
        NOT_REGULAR,
        /** A temporary file: a publish in progress, or left by a process that died. */
        TEMPORARY_FILE,
        /** An entry that could not be examined or read. */
        UNREADABLE
    }

    public CheckFinding {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(detail, "detail");
    }
}
