package io.frontier.tools;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/**
 * How values read in human output (never in {@code --json}, which keeps them whole): ids and
 * tokens shortened to a prefix that is still unique in practice, Unix times as UTC instants,
 * durations in seconds, fractions in percent.
 */
public final class HumanFormat {

    /** Hex characters shown of a work id or digest. */
    public static final int ID = 12;
    /** Hex characters shown of a token. */
    public static final int TOKEN = 8;

    private HumanFormat() {
    }

    /** The first {@code length} characters of {@code hex}, or "-" for none. */
    public static String prefix(Object hex, int length) {
        if (hex == null) {
            return "-";
        }
        String text = hex.toString();
        return text.length() <= length ? text : text.substring(0, length);
    }

    /** Unix seconds as an ISO-8601 UTC instant to the millisecond, or "-" for none. */
    public static String instant(Double unixSeconds) {
        if (unixSeconds == null) {
            return "-";
        }
        return Instant.ofEpochMilli(Math.round(unixSeconds * 1000)).truncatedTo(ChronoUnit.MILLIS).toString();
    }

    /** A fraction as a percentage with one decimal, e.g. {@code 93.4%}, or "-" for none. */
    public static String percent(Double fraction) {
        return fraction == null ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * fraction);
    }

    /** A figure already in percent, with one decimal, e.g. {@code 20.0%}, or "-" for none. */
    public static String inPercent(Double percent) {
        return percent == null ? "-" : String.format(Locale.ROOT, "%.1f%%", percent);
    }

    /** Seconds with one decimal and a unit, e.g. {@code 12.5s} or {@code -3.0s}, or "-" for none. */
    public static String seconds(Double seconds) {
        return seconds == null ? "-" : String.format(Locale.ROOT, "%.1fs", seconds);
    }
}
