package io.frontier.store.corpus.fsck;

import java.util.Objects;

/**
 * One bad entry of an object directory, or one object the campaign store requires that the
 * directory does not hold.
 *
 * @param name the entry's file name (for {@link Kind#MISSING}, the digest the store names; for
 *     {@link Kind#UNREADABLE_RECORD}, the store key in hexadecimal)
 * @param expected for {@link Kind#DIGEST_MISMATCH}, the digest the name promises; else null
 * @param actual for {@link Kind#DIGEST_MISMATCH}, the digest of the bytes found; else null
 * @param detail what was found, in words (entry type, error, modification time, path), and for
 *     a missing object what to do
 * @param referencedBy for a finding of the store check, the record that requires the object
 *     (a work item, or a child of a manifest entry); else null
 */
public record CheckFinding(Kind kind, String name, String expected, String actual, String detail,
                           String referencedBy) {

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
        UNREADABLE,
        /** An object the store requires (a live item's input, a promoted child) that has no entry. */
        MISSING,
        /** A store record that says what the corpus must hold cannot be read, so what it requires is unknown. */
        UNREADABLE_RECORD
    }

    public CheckFinding {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(detail, "detail");
    }

    /** A finding of the directory scan, which no store record is involved in. */
    public CheckFinding(Kind kind, String name, String expected, String actual, String detail) {
        this(kind, name, expected, actual, detail, null);
    }
}
