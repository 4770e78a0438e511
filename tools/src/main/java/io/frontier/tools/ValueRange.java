package io.frontier.tools;

import io.frontier.store.error.FrontierException;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * The values an option or a setting may take, and the one way a value outside them is refused:
 * naming the option (or the setting), the value and the range, before a command changes
 * anything.
 *
 * @param min the smallest value allowed
 * @param max the largest value allowed
 * @param unit what the values count, e.g. "ms", "seconds", "workers"
 * @param note what a special value means (e.g. "0: no limit"), or empty
 */
public record ValueRange(long min, long max, String unit, String note) {

    public ValueRange {
        if (min > max || unit == null || note == null) {
            throw new IllegalArgumentException("a value range needs min <= max, a unit and a note");
        }
    }

    /** A range without a note. */
    public static ValueRange of(long min, long max, String unit) {
        return new ValueRange(min, max, unit, "");
    }

    public boolean contains(long value) {
        return value >= min && value <= max;
    }

    /** In words, e.g. {@code 2,000 to 86,400,000 ms} or {@code 0 to 3,153,600,000 seconds (0: no limit)}. */
    public String describe() {
        return String.format(Locale.ROOT, "%,d to %,d %s", min, max, unit) + (note.isEmpty() ? "" : " (" + note + ")");
    }

    /**
     * Refuses {@code value} of {@code option} on {@code spec}'s command line unless it is in
     * range: a usage error (exit 2) whose message names the option, the value and the range.
     */
    public void requireOption(CommandSpec spec, String option, long value) {
        if (!contains(value)) {
            throw new ParameterException(spec.commandLine(),
                    String.format(Locale.ROOT, "%s %d is out of range: allowed %s", option, value, describe()));
        }
    }

    /**
     * Refuses {@code value} of the stored setting {@code name} (a field of a settings file)
     * unless it is in range, naming the setting, the value and the range.
     */
    public void requireSetting(String name, long value) {
        if (!contains(value)) {
            throw new FrontierException("campaign setting out of range").with("setting", name).with("value", value)
                    .with("allowed", describe());
        }
    }
}
