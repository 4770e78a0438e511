package io.frontier.tools.campaign;

import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.error.FrontierException;
import io.frontier.store.exploration.Exploration;
import io.frontier.store.exploration.ExplorationPolicy;
import io.frontier.store.pruning.PruningPolicy;
import io.frontier.store.pruning.PruningSharing;
import io.frontier.tools.ValueRange;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
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
    /**
     * Milliseconds root waits, idle, before it probes for quiescence, unless told otherwise. A
     * probe starts only when none of root's workers is executing and its store refresh finds
     * nothing to claim, so the wait only paces probes while other coordinators are still busy
     * (after an aborted probe root waits out a back-off as well). At the end of a campaign every
     * worker waits it out: the demo's closure (6 to 7 s) had its workers busy 86.1% by median at
     * 200 ms, 90.7% at 20.
     */
    static final int DEFAULT_IDLE_WINDOW_MILLIS = 20;

    /** Coordinator ranks of every job. */
    public static final ValueRange COORDINATORS = ValueRange.of(1, 1_024, "coordinators");
    /** Wall time of one execution: up to a week. */
    public static final ValueRange TIME_LIMIT_MILLIS = ValueRange.of(1, 604_800_000, "ms");
    /**
     * Lease length of a new campaign. At least 2 s: a coordinator renews its leases every third
     * of the lease from its event loop, between commit decisions and promotions; a shorter lease
     * expires whenever one of those takes a few hundred milliseconds, and another coordinator then
     * runs the same item again (the work is wasted, never lost). Up to a day.
     */
    public static final ValueRange LEASE_MILLIS = ValueRange.of(2_000, 86_400_000, "ms");
    /** How long root must be idle before it probes for quiescence. */
    public static final ValueRange IDLE_WINDOW_MILLIS = ValueRange.of(0, 60_000, "ms");
    /** Items claimed in one transaction: FoundationDB's "a few dozen". */
    public static final ValueRange CLAIM_BATCH = ValueRange.of(1, CampaignStore.MAX_CLAIM, "items");
    /** Ready-index buckets: as many as the store's configuration allows. */
    public static final ValueRange BUCKETS = ValueRange.of(1, 65_536, "buckets");
    /** Abandoned commits an item survives. */
    public static final ValueRange MAX_ATTEMPTS = ValueRange.of(1, 1_000, "attempts");
    /** Items the lower tiers may hold pending. */
    public static final ValueRange TIER_CAP_ITEMS = ValueRange.of(0, Long.MAX_VALUE, "items");
    /** Input bytes the lower tiers may hold pending. */
    public static final ValueRange TIER_CAP_BYTES = ValueRange.of(0, Long.MAX_VALUE, "bytes");
    /** How far a time-out retry may multiply the time limit. */
    public static final ValueRange TIME_LIMIT_CAP = new ValueRange(1, 1_024, "times --time-limit", "1: never retried");
    /** Repeated runs after a run that found nothing new. */
    public static final ValueRange REPEATS = new ValueRange(0, 1_000, "runs", "0: none");

    @Option(names = "--coordinators", paramLabel = "M", defaultValue = "1",
            description = "Coordinator ranks of every job, 1 to 1,024 (default: ${DEFAULT-VALUE}; fixed when the campaign"
                    + " is created).")
    int coordinators;

    @Option(names = "--time-limit", paramLabel = "MS", defaultValue = "60000",
            description = "Creating: milliseconds one execution may take, 1 to 604,800,000 (default: ${DEFAULT-VALUE}).")
    long timeLimitMillis;

    @Option(names = "--lease", paramLabel = "MS", defaultValue = "30000",
            description = "Creating: lease length in milliseconds, 2,000 to 86,400,000 (default: ${DEFAULT-VALUE})."
                    + " At least 2,000 because a coordinator renews its leases every third of the lease between commits;"
                    + " shorter leases expire mid-run and the work is done twice.")
    long leaseMillis;

    @Option(names = "--store", paramLabel = "URL",
            description = "Creating: sqlite:<path> or fdb:<cluster-file> (default: sqlite:<campaign>/store.db).")
    String store;

    @Option(names = "--scratch", paramLabel = "DIR",
            description = "Creating: a local directory for the workers' private files (default: one for this campaign"
                    + " under <tmp>/frontier-scratch).")
    Path scratch;

    @Option(names = "--idle-window", paramLabel = "MS", defaultValue = "" + DEFAULT_IDLE_WINDOW_MILLIS,
            description = "Creating: milliseconds root must be idle before it probes for quiescence, 0 to 60,000"
                    + " (default: ${DEFAULT-VALUE}).")
    long idleWindowMillis;

    @Option(names = "--claim-batch", paramLabel = "N", defaultValue = "" + DEFAULT_CLAIM_BATCH,
            description = "Creating: most items a coordinator claims in one transaction, 1 to " + CampaignStore.MAX_CLAIM
                    + " (default: ${DEFAULT-VALUE}).")
    int claimBatch;

    @Option(names = "--buckets", paramLabel = "N", defaultValue = "" + DEFAULT_BUCKETS,
            description = "Creating: ready-index buckets work is spread over, 1 to 65,536 (default: ${DEFAULT-VALUE}).")
    int buckets;

    @Option(names = "--max-attempts", paramLabel = "N", defaultValue = "" + DEFAULT_MAX_ATTEMPTS,
            description = "Creating: abandoned commits an item survives before it is given up, 1 to 1,000"
                    + " (default: ${DEFAULT-VALUE}).")
    int maxAttempts;

    @Option(names = "--triage", paramLabel = "FILE",
            description = "Creating: a JSON file naming the AFL++-instrumented coverage build every child runs on once"
                    + " ({\"program\": ..., \"arguments\": [\"@@\"], \"timeoutMillis\": ...}); without it children are not"
                    + " triaged.")
    Path triage;

    @Option(names = "--exploration", paramLabel = "MODE", defaultValue = "tiers",
            description = "Creating: what becomes of a child that reached no new coverage (with --triage): tiers keeps it"
                    + " as work in a lower tier, claimed when the frontier runs dry; novelty drops it; closure queues every"
                    + " unique child as if it were new (default: ${DEFAULT-VALUE}).")
    String exploration;

    @Option(names = "--tier-cap-items", paramLabel = "N", defaultValue = "100000",
            description = "Creating: most items the lower tiers hold pending; a redundant child over the cap is recorded"
                    + " in the manifest as dropped (default: ${DEFAULT-VALUE}).")
    long tierCapItems;

    @Option(names = "--tier-cap-bytes", paramLabel = "BYTES", defaultValue = "1073741824",
            description = "Creating: most input bytes the lower tiers hold pending (default: ${DEFAULT-VALUE}).")
    long tierCapBytes;

    @Option(names = "--time-limit-cap", paramLabel = "FACTOR", defaultValue = "8",
            description = "Creating: an execution that timed out is retried in a lower tier with twice its time limit while"
                    + " that stays within FACTOR times --time-limit; 1 never retries (default: ${DEFAULT-VALUE}).")
    int timeLimitCap;

    @Option(names = "--repeats", paramLabel = "N", defaultValue = "8",
            description = "Creating: more runs, each twice as long up to --time-limit-cap, an input of a repeatable executor"
                    + " gets after a run that found nothing new (default: ${DEFAULT-VALUE}).")
    int repeats;

    @Option(names = "--repeatable", paramLabel = "EXECUTOR", split = ",",
            description = "Creating: the executors whose runs can find more from the same input: afl with a longer run,"
                    + " symcc once, from an empty pruning map; in a campaign with afl every repeat runs on afl"
                    + " (default: afl,symcc).")
    List<String> repeatable;

    @Option(names = "--pruning-map", paramLabel = "SHARING", defaultValue = "worker",
            description = "Creating: worker keeps one SymCC pruning map per worker and job; shared hands every SymCC run"
                    + " the union of the maps of the campaign's earlier runs on every worker, so no worker solves a"
                    + " branch another already solved, but also skips a branch seen in one context for inputs that"
                    + " would take it somewhere new (default: ${DEFAULT-VALUE}).")
    String pruningMap;

    /**
     * Refuses, before anything is created, every option given a value outside its range, naming
     * the option, the value and the range (exit 2).
     */
    public void validate(CommandSpec spec) {
        COORDINATORS.requireOption(spec, "--coordinators", coordinators);
        TIME_LIMIT_MILLIS.requireOption(spec, "--time-limit", timeLimitMillis);
        LEASE_MILLIS.requireOption(spec, "--lease", leaseMillis);
        IDLE_WINDOW_MILLIS.requireOption(spec, "--idle-window", idleWindowMillis);
        CLAIM_BATCH.requireOption(spec, "--claim-batch", claimBatch);
        BUCKETS.requireOption(spec, "--buckets", buckets);
        MAX_ATTEMPTS.requireOption(spec, "--max-attempts", maxAttempts);
        TIER_CAP_ITEMS.requireOption(spec, "--tier-cap-items", tierCapItems);
        TIER_CAP_BYTES.requireOption(spec, "--tier-cap-bytes", tierCapBytes);
        TIME_LIMIT_CAP.requireOption(spec, "--time-limit-cap", timeLimitCap);
        REPEATS.requireOption(spec, "--repeats", repeats);
    }

    /** Coordinator ranks the campaign is (or would be) created with. */
    public int coordinators() {
        return coordinators;
    }

    /** The pruning policy these options ask for; fails naming the option if its value is unknown. */
    public PruningPolicy pruning() {
        try {
            return PruningPolicy.of(PruningSharing.of(pruningMap));
        } catch (FrontierException e) {
            throw new FrontierException("pruning map option out of range: " + e.getMessage() + " (see --pruning-map)")
                    .with("pruningMap", pruningMap);
        }
    }

    /**
     * The exploration policy these options ask for; fails naming the option that is out of range.
     */
    public ExplorationPolicy policy() {
        try {
            return ExplorationPolicy.DEFAULT.withMode(Exploration.of(exploration)).withCap(tierCapItems, tierCapBytes)
                    .withRounds(timeLimitCap, repeats,
                            repeatable != null ? repeatable : ExplorationPolicy.DEFAULT.repeatable());
        } catch (FrontierException e) {
            throw new FrontierException("exploration options out of range: " + e.getMessage()
                    + " (see --exploration, --tier-cap-items, --tier-cap-bytes, --time-limit-cap, --repeats, --repeatable)")
                    .with("exploration", exploration);
        }
    }
}
