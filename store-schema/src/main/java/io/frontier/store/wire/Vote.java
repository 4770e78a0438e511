package io.frontier.store.wire;

/**
 * Coordinator {@code rank} → root ({@link Tags#VOTE}): its answer to probe {@code round} /
 * {@code probe} after the shared refresh. {@code yes}: idle, and frozen until the decision;
 * otherwise it found work and carries on.
 */
public record Vote(long round, long probe, int rank, boolean yes) {

    public Vote {
        if (round < 1) {
            throw new IllegalArgumentException("probe rounds start at 1, got " + round);
        }
        if (rank < 0) {
            throw new IllegalArgumentException("a rank is never negative, got " + rank);
        }
    }
}
