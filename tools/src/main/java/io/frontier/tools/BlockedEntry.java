package io.frontier.tools;

import io.frontier.store.campaign.Blocked;

/**
 * A store entry a command found but could not read, as it reports it: left exactly as it is for
 * an operator.
 *
 * @param key the entry's store key, in hexadecimal
 * @param problem what is wrong with it, with the values that locate it
 */
public record BlockedEntry(String key, String problem) {

    public static BlockedEntry of(Blocked blocked) {
        return new BlockedEntry(blocked.key(), blocked.problem().getMessage());
    }
}
