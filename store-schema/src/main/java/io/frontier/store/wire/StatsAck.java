package io.frontier.store.wire;

import java.util.List;
import java.util.Objects;

/**
 * Root → every other coordinator ({@link Tags#STATS_ACK}), sent once root holds every
 * coordinator's {@link Stats} or its deadline passed: the release of the final barrier. Carries
 * the job's one verdict and the ranks (coordinators and workers) that did not reach the end.
 */
public record StatsAck(ExitStatus exit, List<Integer> unanswered) {

    public StatsAck {
        Objects.requireNonNull(exit, "exit");
        unanswered = List.copyOf(unanswered);
    }
}
