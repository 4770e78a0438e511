package io.frontier.worker.session;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The figures an AFL++ instance last wrote into its {@code fuzzer_stats} file: lines of
 * {@code name : value}. Read while the instance is stopped or has ended, so the file is whole;
 * a figure that is missing or not a number is simply absent: these are diagnostics.
 */
final class FuzzerStats {

    static final String FILE = "fuzzer_stats";

    private final Map<String, String> values;

    private FuzzerStats(Map<String, String> values) {
        this.values = values;
    }

    /** The figures of the instance directory {@code instance}; none before AFL++ wrote the file. */
    static FuzzerStats of(Path instance) {
        Map<String, String> values = new HashMap<>();
        try {
            for (String line : Files.readAllLines(instance.resolve(FILE))) {
                int colon = line.indexOf(':');
                if (colon > 0) {
                    values.put(line.substring(0, colon).strip(), line.substring(colon + 1).strip());
                }
            }
        } catch (IOException e) {
            // Diagnostics only: a file not written yet, or unreadable, yields no figures.
            return new FuzzerStats(Map.of());
        }
        return new FuzzerStats(values);
    }

    /** The whole number named {@code name}, if the file holds one. */
    OptionalLong number(String name) {
        String value = values.get(name);
        if (value == null) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(value));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }
}
