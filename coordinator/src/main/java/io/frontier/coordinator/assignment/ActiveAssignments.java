package io.frontier.coordinator.assignment;

import io.frontier.store.error.InvalidInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The active assignments of one coordinator, at most one per worker rank. A RESULT takes the
 * assignment of its MPI source out, whether the result turns out valid or not, so an answered
 * assignment is never renewed or answered twice.
 *
 * <p>Not thread-safe: owned by the coordinator's event loop.
 */
public final class ActiveAssignments {

    /** By worker rank. */
    private final TreeMap<Integer, ActiveAssignment> byRank = new TreeMap<>();

    /** Records {@code assignment} as sent; its worker rank must be idle. */
    public void add(ActiveAssignment assignment) {
        ActiveAssignment earlier = byRank.putIfAbsent(assignment.workerRank(), assignment);
        if (earlier != null) {
            throw new InvalidInputException("worker rank already has an active assignment")
                    .with("workerRank", assignment.workerRank()).with("activeWork", earlier.work())
                    .with("work", assignment.work());
        }
    }

    /** Removes and returns the active assignment of {@code workerRank}, if it has one. */
    public Optional<ActiveAssignment> take(int workerRank) {
        return Optional.ofNullable(byRank.remove(workerRank));
    }

    public boolean isBusy(int workerRank) {
        return byRank.containsKey(workerRank);
    }

    /** Every active assignment, in worker rank order: the leases to renew. */
    public List<ActiveAssignment> all() {
        return new ArrayList<>(byRank.values());
    }

    public int size() {
        return byRank.size();
    }
}
