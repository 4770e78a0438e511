package io.frontier.tools.manifest;

/**
 * One thing {@code frontier manifest verify} found wrong.
 *
 * @param entry the entry id, or null when the entry itself, or a finding record, cannot be read
 * @param child the child's index in the entry, or null for a problem of the whole entry
 * @param digest the child's digest (its corpus name), or null
 * @param expected for a corrupt object, the digest its name promises; else null
 * @param actual for a corrupt object, the digest of the bytes found; else null
 * @param detail what was found, with the values that locate it
 */
public record VerifyProblem(Kind kind, String entry, String work, Integer child, String digest, String expected,
                            String actual, String detail) {

    /** What is wrong. */
    public enum Kind {
        /** An entry's head, chunks, marks or outcome cannot be read, or they disagree. */
        UNREADABLE_ENTRY,
        /** A child marked promoted is not in the public corpus. */
        MISSING_OBJECT,
        /** A child marked promoted is in the corpus with other bytes, or is not a regular file. */
        CORRUPT_OBJECT,
        /** A child marked promoted cannot be read from the corpus. */
        UNREADABLE_OBJECT,
        /** A kept child (frontier or finding) of an entry that ended done has no completion mark. */
        UNMARKED_CHILD,
        /** The bitmap has marks beyond the entry's children, or marks a redundant child. */
        STRAY_MARK,
        /** The parent work's record contradicts the entry's outcome, or cannot be read. */
        WORK_STATE,
        /** A frontier child of an entry that ended done is not known as work. */
        UNKNOWN_CHILD,
        /** A finding child has no readable finding record naming it as its input. */
        MISSING_FINDING,
        /** A finding record cannot be read, or its key disagrees with it. */
        UNREADABLE_FINDING
    }
}
