package io.frontier.tools.campaign;

import java.util.List;

/**
 * What {@code frontier campaign set} did, as its {@code --json} prints it.
 *
 * @param campaign the campaign's name
 * @param outcome whether anything changed
 * @param sequence the store's sequence number of the change, 0 if nothing changed
 * @param epoch the epoch current at the change (the change applies from the next job), 0 if
 *        nothing changed
 * @param changes one line per change, as the store records them
 */
public record SettingsChangeReport(String campaign, Outcome outcome, long sequence, long epoch, List<String> changes) {

    /** Whether the command changed the settings. */
    public enum Outcome {
        CHANGED,
        UNCHANGED
    }
}
