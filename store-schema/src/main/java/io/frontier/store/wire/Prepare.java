package io.frontier.store.wire;

/**
 * Root → every other coordinator ({@link Tags#PREPARE}): termination probe number {@code round}
 * with a fresh random {@code probe} token. Rounds count up from 1 within a job; because MPI does
 * not order a PREPARE against a DECISION, a coordinator uses the round to recognise a PREPARE
 * whose decision it has already seen.
 */
public record Prepare(long round, long probe) {

    public Prepare {
        if (round < 1) {
            throw new IllegalArgumentException("probe rounds start at 1, got " + round);
        }
    }
}
