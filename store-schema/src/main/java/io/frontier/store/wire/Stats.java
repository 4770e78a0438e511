package io.frontier.store.wire;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Coordinator {@code rank} → root ({@link Tags#STATS}) once its workers are shut down: its own
 * verdict ({@code exit}), how many worker results it rejected, its named counts, the ACK of every
 * worker that answered the shutdown and the worker ranks that did not, and the workers it wrote
 * off during the job (an assignment overdue), each with why in words.
 */
public record Stats(int rank, ExitStatus exit, long invalidResults, Map<String, Long> figures,
                    List<ShutdownAck> workers, List<Integer> missingWorkers, Map<Integer, String> writtenOff) {

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
        writtenOff = Collections.unmodifiableMap(new TreeMap<>(Objects.requireNonNull(writtenOff, "writtenOff")));
    }
}
