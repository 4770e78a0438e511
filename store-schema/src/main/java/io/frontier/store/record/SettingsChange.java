package io.frontier.store.record;

import io.frontier.store.error.InvalidInputException;
import java.util.List;

/**
 * One change of a campaign's settings after its creation ({@code frontier campaign set}), kept
 * in the store next to the campaign's configuration so that the store says which settings its
 * results were produced under, and since when.
 *
 * @param sequence 1 for the first change of the campaign, then one more for each
 * @param epoch the epoch current when the change was made; the change applies from the next job
 * @param changes what changed, one human-readable line each (e.g.
 *     {@code "timeLimitMillis 60000 -> 120000"}, {@code "executor afl: target rebuilt, sha256 ..."})
 * @param settingsSha256 the SHA-256, in hex, of {@code campaign.json} as written by this change
 * @param at Unix seconds of the change, by the changing machine's clock
 */
public record SettingsChange(int schema, long sequence, long epoch, List<String> changes, String settingsSha256,
                             double at) {

    public static final int SCHEMA = 1;

    public SettingsChange {
        if (schema != SCHEMA) {
            throw new InvalidInputException("settings change schema is not supported").with("schema", schema);
        }
        if (sequence < 1 || epoch < 1) {
            throw new InvalidInputException("settings change fields out of range")
                    .with("sequence", sequence).with("epoch", epoch);
        }
        if (changes == null || changes.isEmpty() || changes.stream().anyMatch(line -> line == null || line.isBlank())) {
            throw new InvalidInputException("settings change lists no change").with("sequence", sequence);
        }
        changes = List.copyOf(changes);
        if (settingsSha256 == null || !settingsSha256.matches("[0-9a-f]{64}")) {
            throw new InvalidInputException("settings change digest is not 64 hex digits")
                    .with("settingsSha256", settingsSha256);
        }
        Times.instant("at", at);
    }

    public static SettingsChange of(long sequence, long epoch, List<String> changes, String settingsSha256, double at) {
        return new SettingsChange(SCHEMA, sequence, epoch, changes, settingsSha256, at);
    }
}
