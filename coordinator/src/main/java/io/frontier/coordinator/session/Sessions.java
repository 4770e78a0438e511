package io.frontier.coordinator.session;

import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.campaign.ClaimResult;
import io.frontier.store.error.FrontierException;
import io.frontier.store.record.Owner;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.session.FeedEntry;
import io.frontier.store.wire.SessionSlice;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The fuzzing sessions one coordinator runs on its workers: claiming a session's work item for a
 * worker that is to fuzz, and what the slice sent with it holds.
 *
 * <p>Each worker keeps at most one fuzzer instance, of one session slot. A worker prefers the
 * slot of its own index among the job's workers, so its instance usually finds its own session
 * free again after each slice is committed. The slice carries the feed's inputs the instance has
 * not seen: from the feed's start, as seeds, when the instance is new (the worker held none, held
 * another slot's, or its fuzzer ended); since its last slice, as imports, otherwise. What an
 * instance holds becomes known only when its slice commits; a slice that does not commit leaves
 * the instance unknown, and the next one starts it afresh.
 *
 * <p>Not thread-safe: owned by the coordinator's loop.
 */
public final class Sessions {

    /** Inputs a new instance starts from at most; the rest of the feed follows as imports. */
    static final int SEEDS = 2048;
    /** Inputs handed to a running instance per slice at most. */
    static final int IMPORTS = 1024;

    private final CampaignStore store;
    private final FeedReader feed;
    /** The campaign's session kind, or null if it has none. */
    private final String kind;
    private final Duration slice;
    /** The first worker rank of the job: worker rank r prefers slot {@code r - firstWorker}. */
    private final int firstWorker;
    /** What each worker's instance holds, as of its last committed slice. */
    private final Map<Integer, Instance> instances = new HashMap<>();
    /** What each worker's instance will hold once the slice in flight commits. */
    private final Map<Integer, Instance> inFlight = new HashMap<>();

    /**
     * @param kind the campaign's session kind, or null if it has none
     * @param slice how long one slice fuzzes
     * @param firstWorker the lowest worker rank of the job (the number of coordinators)
     */
    public Sessions(CampaignStore store, String kind, Duration slice, int firstWorker) {
        this.store = store;
        this.feed = new FeedReader(store);
        this.kind = kind;
        this.slice = slice;
        this.firstWorker = firstWorker;
        if (kind != null && (slice.isNegative() || slice.isZero())) {
            throw new IllegalArgumentException("a campaign with sessions needs a positive slice length, got " + slice);
        }
    }

    /** Whether the campaign fuzzes in sessions at all. */
    public boolean enabled() {
        return kind != null;
    }

    public Duration slice() {
        return slice;
    }

    /** The slot worker rank {@code worker} prefers: its index among the job's workers. */
    public int slotOf(int worker) {
        return worker - firstWorker;
    }

    /**
     * Leases a session item for {@code worker}, its own slot first; empty when every session is
     * leased elsewhere.
     *
     * @throws FrontierException if the session index names a record that cannot be read
     */
    public Optional<WorkRecord> claim(long epoch, Owner owner, int worker, double now, double ttl) {
        ClaimResult claimed = store.claimSession(epoch, owner, kind, slotOf(worker), now, ttl);
        if (!claimed.blocked().isEmpty()) {
            throw new FrontierException("a session's work record cannot be read; the session is blocked")
                    .with("key", claimed.blocked().get(0).key())
                    .with("problem", claimed.blocked().get(0).problem().getMessage());
        }
        return claimed.granted().stream().findFirst();
    }

    /**
     * The slice to send to {@code worker} with {@code session}, a session item this coordinator
     * holds; empty if the feed has nothing to start a new instance from yet.
     */
    public Optional<SessionSlice> slice(int worker, WorkRecord session) {
        int slot = session.session().slot();
        Instance held = instances.get(worker);
        long millis = slice.toMillis();
        if (held != null && held.slot == slot && held.alive) {
            FeedReader.Page imports = feed.read(held.position, IMPORTS);
            inFlight.put(worker, new Instance(slot, true, imports.last()));
            return Optional.of(new SessionSlice(slot, millis, false, List.of(), imports.inputs()));
        }
        FeedReader.Page seeds = feed.read(null, SEEDS);
        if (seeds.inputs().isEmpty()) {
            return Optional.empty();
        }
        inFlight.put(worker, new Instance(slot, true, seeds.last()));
        return Optional.of(new SessionSlice(slot, millis, true, seeds.inputs(), List.of()));
    }

    /** {@code worker}'s slice committed; its fuzzer is still running if {@code alive}. */
    public void committed(int worker, boolean alive) {
        Instance next = inFlight.remove(worker);
        if (next == null) {
            return;
        }
        instances.put(worker, new Instance(next.slot, alive, next.position));
    }

    /** {@code worker}'s slice did not commit: what its instance holds is unknown, so the next one starts afresh. */
    public void lost(int worker) {
        inFlight.remove(worker);
        instances.remove(worker);
    }

    /** A worker's fuzzer instance: its session slot, whether it runs on, and the feed it has been handed. */
    private record Instance(int slot, boolean alive, FeedEntry.Position position) {
    }
}
