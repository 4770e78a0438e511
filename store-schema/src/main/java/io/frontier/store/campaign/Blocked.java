package io.frontier.store.campaign;

import io.frontier.store.error.FrontierException;

/**
 * An item an operation found but would not touch, because its stored state cannot be trusted
 * (undecodable record, id that disagrees with its key or payload, index entry without a matching
 * record). It stays exactly as it is until a person looks; the caller must report it.
 *
 * @param key the hexadecimal key where the problem was found
 */
public record Blocked(String key, FrontierException problem) {
}
