package io.frontier.coordinator.rank;

import io.frontier.coordinator.budget.Budget;
import io.frontier.coordinator.termination.TerminationSettings;
import io.frontier.store.wire.ExecutorKind;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How a coordinator runs: lease length, how much it claims at once, where external seeds
 * arrive (root only), and the termination protocol's timings.
 *
 * @param lease how long a claimed item stays leased without renewal; renewed every third of it
 * @param claimBatch the most items claimed in one store transaction
 * @param seeds the external seed directory that root scans, or null for none
 * @param startTimeout how long a coordinator other than root waits for root to finish replay and
 *        the corpus audit before it gives up
 * @param budget where this job stops taking new work; {@link Budget#NONE} to run to quiescence
 * @param executorKinds the campaign's executor kinds in the order listed, for routing
 *        inputs in a hybrid campaign ({@link io.frontier.store.exploration.ExecutorRouting})
 * @param sessionSlice how long one slice of a fuzzing session fuzzes; zero in a campaign without
 *        a session kind
 * @param timeLimit the campaign's time limit for one execution, before an item's factor: with
 *        {@code sessionSlice}, what decides when an assignment is overdue
 *        ({@link io.frontier.coordinator.overdue.OverdueWatch})
 */
public record CoordinatorSettings(Duration lease, int claimBatch, Path seeds, Duration startTimeout,
                                  TerminationSettings termination, Budget budget, List<String> executorKinds,
                                  Duration sessionSlice, Duration timeLimit) {

    public CoordinatorSettings {
        Objects.requireNonNull(sessionSlice, "sessionSlice");
        Objects.requireNonNull(timeLimit, "timeLimit");
        Objects.requireNonNull(lease, "lease");
        Objects.requireNonNull(startTimeout, "startTimeout");
        Objects.requireNonNull(termination, "termination");
        Objects.requireNonNull(budget, "budget");
        executorKinds = List.copyOf(executorKinds);
        if (lease.isNegative() || lease.isZero() || claimBatch < 1 || startTimeout.isNegative()) {
            throw new IllegalArgumentException("coordinator settings out of range: lease " + lease
                    + ", claimBatch " + claimBatch + ", startTimeout " + startTimeout);
        }
    }

    /** The campaign's session kind, or null if it has none. */
    String sessionKind() {
        return executorKinds.stream().filter(ExecutorKind::isSession).findFirst().orElse(null);
    }

    /** The kinds that run inputs one at a time: every kind but the session kind. */
    List<String> inputKinds() {
        return executorKinds.stream().filter(kind -> !ExecutorKind.isSession(kind)).toList();
    }

    double leaseSeconds() {
        return lease.toMillis() / 1000.0;
    }
}
