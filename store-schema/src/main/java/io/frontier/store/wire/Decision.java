package io.frontier.store.wire;

import java.util.Objects;

/**
 * Root → every other coordinator ({@link Tags#DECISION}): the outcome of probe {@code round} /
 * {@code probe}, or a stop. {@code reason} says why in words, for the log.
 */
public record Decision(long round, long probe, Kind kind, String reason) {

    /** What the receivers do next. */
    public enum Kind {
        /** Quiescence confirmed: shut the workers down and end with the campaign's verdict. */
        COMMIT,
        /** Not quiescent: unfreeze and carry on. */
        ABORT,
        /** A control failure somewhere: shut the workers down and end with exit code 70. */
        STOP
    }

    public Decision {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(reason, "reason");
        if (reason.isBlank()) {
            throw new IllegalArgumentException("a decision always says why");
        }
        // A stop may come before any probe (round 0); a commit or an abort answers one probe.
        if (round < (kind == Kind.STOP ? 0 : 1)) {
            throw new IllegalArgumentException(kind + " cannot name probe round " + round);
        }
    }
}
