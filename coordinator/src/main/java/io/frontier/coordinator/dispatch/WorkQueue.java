package io.frontier.coordinator.dispatch;

import io.frontier.store.campaign.Lease;
import io.frontier.store.record.WorkRecord;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The items this coordinator holds leases on and has not dispatched, oldest first, each as the
 * store last returned its record (state {@code leased}, this coordinator's token). An item whose
 * result was rejected goes back in front of all others, keeping its token, so it is retried next
 * and never overtaken by newer work. Not thread-safe: owned by
 * the coordinator's loop.
 */
public final class WorkQueue {

    /** Items whose result was rejected, most recent first; always dispatched before {@link #items}. */
    private final Deque<WorkRecord> retried = new ArrayDeque<>();
    private final Deque<WorkRecord> items = new ArrayDeque<>();

    /** Appends newly granted work. */
    public void add(WorkRecord leased) {
        items.addLast(leased);
    }

    /** Puts work whose result was rejected back in front, under the token it is still held with. */
    public void retryFirst(WorkRecord leased) {
        retried.addFirst(leased);
    }

    /** The next item: a retried item first, else the oldest. */
    public Optional<WorkRecord> next() {
        if (!retried.isEmpty()) {
            return Optional.of(retried.pollFirst());
        }
        return Optional.ofNullable(items.pollFirst());
    }

    /** The item {@link #next} would return, left in the queue. */
    public Optional<WorkRecord> peek() {
        return Optional.ofNullable(retried.isEmpty() ? items.peekFirst() : retried.peekFirst());
    }

    /** Drops an item whose lease this coordinator lost: it may no longer run it. */
    public boolean drop(Lease lease) {
        Predicate<WorkRecord> held = item -> item.id().equals(lease.work()) && item.token().equals(lease.token());
        return retried.removeIf(held) | items.removeIf(held);
    }

    public int size() {
        return retried.size() + items.size();
    }

    public boolean isEmpty() {
        return retried.isEmpty() && items.isEmpty();
    }

    /**
     * Takes up to {@code count} of the newest items (never a retried one) off the queue; returns
     * their leases, newest first.
     */
    public List<Lease> takeNewest(int count) {
        List<Lease> taken = new ArrayList<>();
        while (taken.size() < count && !items.isEmpty()) {
            WorkRecord item = items.pollLast();
            taken.add(new Lease(item.id(), item.token()));
        }
        return taken;
    }

    /**
     * Takes every item that {@code which} accepts off the queue (never a retried one); returns
     * their leases, oldest first.
     */
    public List<Lease> takeWhere(Predicate<WorkRecord> which) {
        List<Lease> taken = new ArrayList<>();
        items.removeIf(item -> {
            boolean take = which.test(item);
            if (take) {
                taken.add(new Lease(item.id(), item.token()));
            }
            return take;
        });
        return taken;
    }

    /** Empties the queue; returns the leases of what it held, retried items first. */
    public List<Lease> takeAll() {
        List<Lease> taken = leases();
        retried.clear();
        items.clear();
        return taken;
    }

    /** The leases of every queued item, for renewal. */
    public List<Lease> leases() {
        List<Lease> leases = new ArrayList<>(size());
        retried.forEach(item -> leases.add(new Lease(item.id(), item.token())));
        items.forEach(item -> leases.add(new Lease(item.id(), item.token())));
        return leases;
    }
}
