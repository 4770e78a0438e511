package io.frontier.coordinator.assignment;

import io.frontier.store.error.InvalidInputException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The active assignments of one coordinator, at most {@code perWorker} per worker rank, each
 * rank's in the order they were sent. A worker answers its assignments in that order and MPI
 * delivers one sender's RESULTs in the order they were sent, so a RESULT takes the oldest
 * assignment of its MPI source out, whether the result turns out valid or not: an answered
 * assignment is never renewed or answered twice.
 *
 * <p>Not thread-safe: owned by the coordinator's event loop.
 */
public final class ActiveAssignments {

    private final int perWorker;
    /** By worker rank, oldest first; a rank with none has no entry. */
    private final TreeMap<Integer, Deque<ActiveAssignment>> byRank = new TreeMap<>();
    private int size;

    /** @param perWorker how many assignments one worker rank may hold at once, at least 1 */
    public ActiveAssignments(int perWorker) {
        if (perWorker < 1) {
            throw new InvalidInputException("a worker rank must be able to hold an assignment")
                    .with("perWorker", perWorker);
        }
        this.perWorker = perWorker;
    }

    /** Records {@code assignment} as sent; its worker rank must have room for it. */
    public void add(ActiveAssignment assignment) {
        Deque<ActiveAssignment> held = byRank.computeIfAbsent(assignment.workerRank(), rank -> new ArrayDeque<>());
        if (held.size() == perWorker) {
            throw new InvalidInputException("worker rank already holds as many assignments as it may")
                    .with("workerRank", assignment.workerRank()).with("activeWork", held.peekFirst().work())
                    .with("work", assignment.work()).with("perWorker", perWorker);
        }
        held.addLast(assignment);
        size++;
    }

    /** Removes and returns the oldest active assignment of {@code workerRank}, if it has one. */
    public Optional<ActiveAssignment> take(int workerRank) {
        Deque<ActiveAssignment> held = byRank.get(workerRank);
        if (held == null) {
            return Optional.empty();
        }
        ActiveAssignment oldest = held.pollFirst();
        if (held.isEmpty()) {
            byRank.remove(workerRank);
        }
        size--;
        return Optional.of(oldest);
    }

    /**
     * Removes and returns every active assignment of {@code workerRank}, oldest first: the worker
     * is written off, and none of them will be answered.
     */
    public List<ActiveAssignment> takeAll(int workerRank) {
        Deque<ActiveAssignment> held = byRank.remove(workerRank);
        if (held == null) {
            return List.of();
        }
        size -= held.size();
        return List.copyOf(held);
    }

    /** The oldest active assignment of each busy worker rank, in rank order: the ones it runs or must run next. */
    public List<ActiveAssignment> oldest() {
        return byRank.values().stream().map(Deque::peekFirst).toList();
    }

    public boolean isBusy(int workerRank) {
        return byRank.containsKey(workerRank);
    }

    /** Every active assignment, in worker rank order and then oldest first: the leases to renew. */
    public List<ActiveAssignment> all() {
        List<ActiveAssignment> all = new ArrayList<>(size);
        byRank.values().forEach(all::addAll);
        return all;
    }

    public int size() {
        return size;
    }
}
