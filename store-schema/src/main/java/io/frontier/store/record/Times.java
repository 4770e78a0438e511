package io.frontier.store.record;

import io.frontier.store.error.InvalidInputException;

/**
 * Checks for the two kinds of time the store handles, both in seconds as {@code double}: an
 * instant (Unix time, as a coordinator's clock reads it) and a duration (a TTL). Both must be
 * finite and not negative; a NaN or infinite value would make an expiry that never or always
 * passes, which is exactly the failure the predecessor saw.
 */
public final class Times {

    private Times() {
    }

    /** Returns {@code seconds} (with -0.0 read as 0.0) if it is a usable instant. */
    public static double instant(String name, double seconds) {
        if (!Double.isFinite(seconds) || seconds < 0) {
            throw new InvalidInputException("time is NaN, infinite or negative")
                    .with("argument", name).with("value", seconds);
        }
        return seconds + 0.0;
    }

    /** Returns {@code seconds} if it is a usable, strictly positive duration. */
    public static double duration(String name, double seconds) {
        if (!Double.isFinite(seconds) || seconds <= 0) {
            throw new InvalidInputException("duration is NaN, infinite, zero or negative")
                    .with("argument", name).with("value", seconds);
        }
        return seconds;
    }
}
