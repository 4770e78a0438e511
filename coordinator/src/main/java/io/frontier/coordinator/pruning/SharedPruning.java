package io.frontier.coordinator.pruning;

import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.pruning.PruningMap;
import io.frontier.store.pruning.PruningPolicy;
import io.frontier.store.view.PruningMapView;
import java.time.Duration;
import java.util.Set;

/**
 * One coordinator's copy of the campaign's shared SymCC pruning map: the union it hands to every
 * worker whose executor keeps a map, with each ASSIGN; the bits of the valid RESULTs it receives,
 * merged into that union at once and into the store at the next synchronisation; and, at each
 * synchronisation, the union read back from the store, which brings in what other coordinators'
 * workers (and earlier jobs) found.
 *
 * <p>Invariant: the union only gains bits, and every bit absorbed is written to the store by a
 * later {@link #syncIfDue} or {@link #flush} unless the store refuses it (then it is tried again
 * at the next one). In a campaign with a map per worker it hands out nothing and absorbs nothing.
 * Not thread-safe: owned by the coordinator's loop.
 */
public final class SharedPruning {

    /** How often the absorbed bits are written to the store and the union read back. */
    public static final Duration SYNC_INTERVAL = Duration.ofSeconds(1);

    private final CampaignStore store;
    private final PruningMapView view;
    private final long epoch;
    private final boolean shared;
    /** The executor kinds whose runs keep a pruning map. */
    private final Set<String> kinds;
    /** What workers are handed; its wire form is computed once per value. */
    private PruningMap union = PruningMap.empty();
    /** Bits absorbed since the last write to the store. */
    private PruningMap unsaved = PruningMap.empty();
    private long nextSync;

    private SharedPruning(CampaignStore store, PruningMapView view, long epoch, boolean shared, Set<String> kinds) {
        this.store = store;
        this.view = view;
        this.epoch = epoch;
        this.shared = shared;
        this.kinds = Set.copyOf(kinds);
    }

    /**
     * The copy of the coordinator of the job of {@code epoch}: reads the campaign's pruning policy
     * and, if the campaign shares its map, the union stored so far.
     *
     * @param kinds the campaign's executor kinds whose runs keep a pruning map
     */
    public static SharedPruning open(CampaignStore store, PruningMapView view, long epoch, Set<String> kinds) {
        PruningPolicy policy = store.pruningPolicy();
        SharedPruning pruning = new SharedPruning(store, view, epoch, policy.shared() && !kinds.isEmpty(), kinds);
        if (pruning.shared) {
            pruning.union = view.read().map();
        }
        return pruning;
    }

    /** The map to hand with a run of an executor of {@code kind}: the union, or null if it gets none. */
    public PruningMap forKind(String kind) {
        return shared && kinds.contains(kind) ? union : null;
    }

    /**
     * Adds the bits a valid RESULT carried (null: none) to the union the next ASSIGNs hand out
     * and to what the next synchronisation writes. Never call it for an invalid RESULT.
     */
    public void absorb(PruningMap bits) {
        if (!shared || bits == null) {
            return;
        }
        PruningMap gained = bits.without(union);
        if (!gained.isEmpty()) {
            union = union.or(gained);
            unsaved = unsaved.or(gained);
        }
    }

    /**
     * At most once per {@link #SYNC_INTERVAL}: writes the bits absorbed since the last write
     * (one small transaction, none when there are none) and then reads the stored union into
     * this one. The next attempt is scheduled first, so a store that refuses is asked again only
     * after the interval.
     *
     * @throws io.frontier.store.error.FrontierException if the store refuses; the bits stay
     *     unsaved for the next attempt
     */
    public void syncIfDue(long nowMillis) {
        if (!shared || nowMillis < nextSync) {
            return;
        }
        nextSync = nowMillis + SYNC_INTERVAL.toMillis();
        flush();
        union = union.or(view.read().map());
    }

    /**
     * Writes the bits absorbed since the last write, e.g. as the job ends.
     *
     * @throws io.frontier.store.error.FrontierException if the store refuses (e.g. the job was
     *     fenced off); the bits stay unsaved
     */
    public void flush() {
        if (!shared || unsaved.isEmpty()) {
            return;
        }
        store.mergePruning(epoch, unsaved);
        unsaved = PruningMap.empty();
    }
}
