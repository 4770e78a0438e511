package io.frontier.store.record;

import io.frontier.store.error.InvalidInputException;

/**
 * What every coordinator of a campaign must agree on, written once by {@code init}.
 *
 * @param name the campaign's name, 1 to 128 printable ASCII characters
 * @param buckets how many ready-index buckets work is spread over (coordinators own buckets by
 *     rendezvous hashing and steal from the others), 1 to 65536
 * @param maxAttempts how many abandoned commits an item survives before it is abandoned for good
 */
public record CampaignConfig(int schema, String name, int buckets, int maxAttempts) {

    public static final int SCHEMA = 1;
    private static final int MAX_BUCKETS = 65_536;

    public CampaignConfig {
        if (schema != SCHEMA) {
            throw new InvalidInputException("campaign config schema is not supported").with("schema", schema);
        }
        Owner.of(name);
        if (buckets < 1 || buckets > MAX_BUCKETS || maxAttempts < 1) {
            throw new InvalidInputException("campaign config out of range")
                    .with("buckets", buckets).with("maxAttempts", maxAttempts);
        }
    }

    public static CampaignConfig of(String name, int buckets, int maxAttempts) {
        return new CampaignConfig(SCHEMA, name, buckets, maxAttempts);
    }
}
