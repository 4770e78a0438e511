package io.frontier.tools.campaign;

import io.frontier.store.campaign.CampaignStore;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The options that shape a new campaign, shared by {@code frontier init} and by the first
 * {@code frontier run} of a campaign directory. They are written into {@code campaign.json} once
 * and never change afterwards.
 */
public final class CreationOptions {

    /** Items a coordinator claims per transaction unless told otherwise. */
    static final int DEFAULT_CLAIM_BATCH = 8;
    /** Ready-index buckets unless told otherwise. */
    static final int DEFAULT_BUCKETS = 64;
    /** Abandoned commits an item survives unless told otherwise. */
    static final int DEFAULT_MAX_ATTEMPTS = 3;

    @Option(names = "--coordinators", paramLabel = "M", defaultValue = "1",
            description = "Coordinator ranks of every job (default: ${DEFAULT-VALUE}; fixed when the campaign is created).")
    int coordinators;

    @Option(names = "--time-limit", paramLabel = "MS", defaultValue = "60000",
            description = "Creating: milliseconds one execution may take (default: ${DEFAULT-VALUE}).")
    long timeLimitMillis;

    @Option(names = "--lease", paramLabel = "MS", defaultValue = "30000",
            description = "Creating: lease length in milliseconds (default: ${DEFAULT-VALUE}).")
    long leaseMillis;

    @Option(names = "--store", paramLabel = "URL",
            description = "Creating: sqlite:<path> or fdb:<cluster-file> (default: sqlite:<campaign>/store.db).")
    String store;

    @Option(names = "--scratch", paramLabel = "DIR",
            description = "Creating: a local directory for the workers' private files (default: one for this campaign"
                    + " under <tmp>/frontier-scratch).")
    Path scratch;

    @Option(names = "--idle-window", paramLabel = "MS", defaultValue = "200",
            description = "Creating: milliseconds root must be idle before it probes for quiescence (default: ${DEFAULT-VALUE}).")
    long idleWindowMillis;

    @Option(names = "--claim-batch", paramLabel = "N", defaultValue = "" + DEFAULT_CLAIM_BATCH,
            description = "Creating: most items a coordinator claims in one transaction, 1 to " + CampaignStore.MAX_CLAIM
                    + " (default: ${DEFAULT-VALUE}).")
    int claimBatch;

    @Option(names = "--buckets", paramLabel = "N", defaultValue = "" + DEFAULT_BUCKETS,
            description = "Creating: ready-index buckets work is spread over (default: ${DEFAULT-VALUE}).")
    int buckets;

    @Option(names = "--max-attempts", paramLabel = "N", defaultValue = "" + DEFAULT_MAX_ATTEMPTS,
            description = "Creating: abandoned commits an item survives before it is given up (default: ${DEFAULT-VALUE}).")
    int maxAttempts;

    @Option(names = "--triage", paramLabel = "FILE",
            description = "Creating: a JSON file naming the AFL++-instrumented coverage build every child runs on once"
                    + " ({\"program\": ..., \"arguments\": [\"@@\"], \"timeoutMillis\": ...}); without it children are not"
                    + " triaged.")
    Path triage;

    /** Coordinator ranks the campaign is (or would be) created with. */
    public int coordinators() {
        return coordinators;
    }
}
