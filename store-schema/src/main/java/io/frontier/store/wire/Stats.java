package io.frontier.store.wire;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Coordinator {@code rank} → root ({@link Tags#STATS}) once its workers are shut down: its own
 * verdict ({@code exit}), how many worker results it rejected, its named counts, the ACK of every
 * worker that answered the shutdown and the worker ranks that did not.
 */
public record Stats(int rank, ExitStatus exit, long invalidResults, Map<String, Long> figures,
                    List<ShutdownAck> workers, List<Integer> missingWorkers) {

    public Stats {
        if (rank < 0) {
            throw new IllegalArgumentException("a rank is never negative, got " + rank);
        }
        Objects.requireNonNull(exit, "exit");
        if (invalidResults < 0) {
            throw new IllegalArgumentException("a count is never negative, got " + invalidResults);
        }
        figures = Figures.copy(figures);
        workers = List.copyOf(workers);
        missingWorkers = List.copyOf(missingWorkers);
    }
}
