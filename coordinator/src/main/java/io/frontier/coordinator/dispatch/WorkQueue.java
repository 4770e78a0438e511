package io.frontier.coordinator.dispatch;

import io.frontier.store.campaign.Lease;
import io.frontier.store.record.WorkRecord;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * The items this coordinator holds leases on and has not dispatched, oldest first, each as the
 * store last returned its record (state {@code leased}, this coordinator's token). An item whose
 * result was rejected goes back to the head, keeping its token, so it is retried next and never
 * overtaken by newer work. Not thread-safe: owned by the coordinator's loop.
 */
public final class WorkQueue {

    private final Deque<WorkRecord> items = new ArrayDeque<>();

    /** Appends newly granted work. */
    public void add(WorkRecord leased) {
        items.addLast(leased);
    }

    /** Puts work whose result was rejected back in front, under the token it is still held with. */
    public void retryFirst(WorkRecord leased) {
        items.addFirst(leased);
    }

    public Optional<WorkRecord> next() {
        return Optional.ofNullable(items.pollFirst());
    }

    /** Drops an item whose lease this coordinator lost: it may no longer run it. */
    public boolean drop(Lease lease) {
        return items.removeIf(item -> item.id().equals(lease.work()) && item.token().equals(lease.token()));
    }

    public int size() {
        return items.size();
    }

    public boolean isEmpty() {
        return items.isEmpty();
    }

    /** The leases of every queued item, for renewal. */
    public List<Lease> leases() {
        List<Lease> leases = new ArrayList<>(items.size());
        items.forEach(item -> leases.add(new Lease(item.id(), item.token())));
        return leases;
    }
}
