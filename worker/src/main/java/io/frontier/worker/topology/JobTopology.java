package io.frontier.worker.topology;

import io.frontier.worker.link.LinkException;
import java.util.ArrayList;
import java.util.List;

/**
 * The roles of the ranks of one job: ranks {@code 0..coordinators-1} are coordinators (rank 0
 * is the root), the rest are workers, dealt to the coordinators in turn so group sizes differ by
 * at most one. Every coordinator has at least one worker.
 */
public record JobTopology(int size, int coordinators) {

    public JobTopology {
        if (coordinators < 1 || size < 2 * coordinators) {
            throw new LinkException("a job needs at least one coordinator and one worker per coordinator")
                    .with("ranks", size).with("coordinators", coordinators);
        }
    }

    public boolean isCoordinator(int rank) {
        checkRank(rank);
        return rank < coordinators;
    }

    /** The coordinator rank a worker rank answers to. */
    public int coordinatorOf(int workerRank) {
        checkRank(workerRank);
        if (workerRank < coordinators) {
            throw new LinkException("rank is a coordinator, not a worker").with("rank", workerRank);
        }
        return (workerRank - coordinators) % coordinators;
    }

    /** Where a worker rank stands in its coordinator's group: 0 for the first, in rank order. */
    public int indexInGroup(int workerRank) {
        coordinatorOf(workerRank);
        return (workerRank - coordinators) / coordinators;
    }

    /** The worker ranks of one coordinator's group, in rank order. */
    public List<Integer> workersOf(int coordinatorRank) {
        if (!isCoordinator(coordinatorRank)) {
            throw new LinkException("rank is a worker, not a coordinator").with("rank", coordinatorRank);
        }
        List<Integer> workers = new ArrayList<>();
        for (int rank = coordinators + coordinatorRank; rank < size; rank += coordinators) {
            workers.add(rank);
        }
        return List.copyOf(workers);
    }

    /** All coordinator ranks but {@code rank}. */
    public List<Integer> peersOf(int rank) {
        List<Integer> peers = new ArrayList<>();
        for (int coordinator = 0; coordinator < coordinators; coordinator++) {
            if (coordinator != rank) {
                peers.add(coordinator);
            }
        }
        return List.copyOf(peers);
    }

    private void checkRank(int rank) {
        if (rank < 0 || rank >= size) {
            throw new LinkException("rank outside the job").with("rank", rank).with("ranks", size);
        }
    }
}
