package io.frontier.tools.lease;

/**
 * One item in {@code frontier leases}.
 *
 * @param holder the coordinator holding it, e.g. {@code epoch-3/rank-1}; null when pending
 * @param token the fencing token of its current grant; null when pending
 * @param epoch the epoch of its last state change; a lease of an older epoch than the current
 *     one is void and recoverable at once
 * @param expiry when a leased item's lease expires, as an ISO-8601 UTC instant; else null
 * @param expiresInSeconds seconds until that expiry, negative once it has passed; else null
 * @param ageSeconds for a leased item, seconds since it was granted or last renewed (its expiry
 *     minus the campaign's lease length); for a committing item, seconds since its commit
 *     decision; null when pending
 * @param entry for a committing item, the manifest entry of its commit decision; else null
 */
public record LeaseLine(String state, String work, String holder, String token, long epoch, int attempts,
                        String expiry, Double expiresInSeconds, Double ageSeconds, String entry) {
}
