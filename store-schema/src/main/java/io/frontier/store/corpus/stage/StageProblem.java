package io.frontier.store.corpus.stage;

import java.util.Objects;

/**
 * One reason a stage is rejected.
 *
 * @param entry the entry or declared child concerned (a file name or a digest), or the stage
 *     path for {@link Kind#NOT_A_DIRECTORY}
 * @param detail what was found, e.g. {@code expected=<digest> actual=<digest>}
 */
public record StageProblem(Kind kind, String entry, String detail) {

    /** What is wrong. */
    public enum Kind {
        /** The stage directory, or a level above it, is a symbolic link or not a directory. */
        NOT_A_DIRECTORY,
        /** An entry whose name is not a digest spelling (upper case, short, temporary, ...). */
        BAD_NAME,
        /** An entry with a digest name that was not declared. */
        EXTRA_ENTRY,
        /** A declared child with no entry. */
        MISSING,
        /** A declared child's entry is a symbolic link. */
        SYMBOLIC_LINK,
        /** A declared child's entry is a directory or a special file. */
        NOT_REGULAR,
        /** A declared child's file has another size than declared. */
        WRONG_SIZE,
        /** A declared child's bytes hash to another digest than its name. */
        WRONG_DIGEST,
        /** A declared child's file could not be read. */
        UNREADABLE,
        /** The same digest is declared twice with different sizes. */
        CONFLICTING_DECLARATION
    }

    public StageProblem {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(entry, "entry");
        Objects.requireNonNull(detail, "detail");
    }

    @Override
    public String toString() {
        return kind + " " + entry + (detail.isEmpty() ? "" : " (" + detail + ")");
    }
}
