package io.frontier.tools.campaign;

import io.frontier.store.error.FrontierException;
import io.frontier.store.record.CampaignConfig;
import io.frontier.store.record.CampaignIdentity;
import io.frontier.tools.ValueRange;
import io.frontier.worker.rank.WorkerSettings;

/**
 * Everything every rank of every job of one campaign must agree on, with every path absolute as
 * this machine sees it: what {@link CampaignDirectory#read} makes of {@code <campaign>/campaign.json}
 * ({@link CampaignFile}, whose paths inside the campaign are relative to it).
 *
 * @param schema {@link #SCHEMA}, or {@link #LEGACY_SCHEMA} for a campaign.json written by an older
 *        Frontier: the same fields with absolute paths and without an id
 * @param name the campaign's name in the store (printable ASCII, no spaces)
 * @param store where leases, commits and the manifest live: {@code sqlite:<path>} or
 *        {@code fdb:<cluster-file>}
 * @param seeds the external seed directory root scans, an absolute path
 * @param coordinators how many coordinator ranks a job has
 * @param leaseMillis how long a claimed item stays leased without renewal
 * @param claimBatch the most items a coordinator claims in one transaction
 * @param buckets how many ready-index buckets work is spread over
 * @param maxAttempts how many abandoned commits an item survives
 * @param idleWindowMillis how long root must be idle without a break before it probes for
 *        quiescence
 * @param worker what every worker rank runs
 * @param id the campaign id, 32 hex digits, which its store holds too; null only in the legacy
 *        schema
 */
public record CampaignSettings(int schema, String name, String store, String seeds, int coordinators,
                               long leaseMillis, int claimBatch, int buckets, int maxAttempts,
                               long idleWindowMillis, WorkerSettings worker, String id) {

    /** Paths relative to the campaign directory, and an id. */
    public static final int SCHEMA = 2;
    /** What Frontier wrote before campaign ids: absolute paths, no id. */
    public static final int LEGACY_SCHEMA = 1;
    /**
     * The lease lengths a stored campaign may have: those a new campaign may get
     * ({@link CreationOptions#LEASE_MILLIS}) and the shorter ones campaigns created before that
     * minimum may have been given, which they keep.
     */
    private static final ValueRange STORED_LEASE_MILLIS =
            ValueRange.of(1, CreationOptions.LEASE_MILLIS.max(), CreationOptions.LEASE_MILLIS.unit());

    public CampaignSettings {
        if (schema == SCHEMA) {
            CampaignIdentity.requireId(id);
        } else if (schema != LEGACY_SCHEMA || id != null) {
            throw new FrontierException("campaign settings schema is not supported").with("schema", schema);
        }
        if (name == null || !name.matches("[!-~]{1,128}")) {
            throw new FrontierException("campaign name must be 1 to 128 printable ASCII characters without spaces")
                    .with("name", name);
        }
        if (store == null || store.isBlank() || seeds == null || !seeds.startsWith("/") || worker == null) {
            throw new FrontierException("campaign settings need a store, an absolute seed directory and worker settings")
                    .with("store", store).with("seeds", seeds);
        }
        CreationOptions.COORDINATORS.requireSetting("coordinators", coordinators);
        STORED_LEASE_MILLIS.requireSetting("leaseMillis", leaseMillis);
        CreationOptions.CLAIM_BATCH.requireSetting("claimBatch", claimBatch);
        CreationOptions.BUCKETS.requireSetting("buckets", buckets);
        CreationOptions.MAX_ATTEMPTS.requireSetting("maxAttempts", maxAttempts);
        CreationOptions.IDLE_WINDOW_MILLIS.requireSetting("idleWindowMillis", idleWindowMillis);
        CreationOptions.TIME_LIMIT_MILLIS.requireSetting("timeLimitMillis", worker.timeLimitMillis());
    }

    /** What the store keeps of these settings, written once when the campaign is created there. */
    public CampaignConfig storeConfig() {
        return CampaignConfig.of(name, buckets, maxAttempts);
    }

    /** True if this campaign.json was written by an older Frontier and has no id yet. */
    public boolean legacy() {
        return schema == LEGACY_SCHEMA;
    }

    /** The same settings under campaign id {@code newId}, in the current schema. */
    public CampaignSettings withId(String newId) {
        return new CampaignSettings(SCHEMA, name, store, seeds, coordinators, leaseMillis, claimBatch, buckets,
                maxAttempts, idleWindowMillis, worker, newId);
    }
}
