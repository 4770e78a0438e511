package io.frontier.coordinator.dispatch;

/**
 * How many items one claim of a coordinator takes: what its workers' open places take now, plus
 * what they will take within {@link #HORIZON_MILLIS}, judged by the mean wall time of its recent
 * executions; at least one, at most the campaign's claim batch.
 *
 * <p>Why not always the batch: an item claimed waits in the coordinator's queue until a place
 * opens, and while it waits the store's order cannot reach past it. With executions of 10 s (a
 * run of AFL++), a batch of eight for two workers held back for 40 s whatever joined tier 0 after
 * the claim: on the demo, the hybrid campaign's first AFL++ run of one of its two seeds waited
 * behind eight of SymCC's children of the other seed. With executions of a fraction of a second
 * the horizon still covers a whole batch, so one store transaction goes on feeding several
 * dispatches. Before any execution has ended the claim takes what the open places take.
 * Not thread-safe: owned by the coordinator's loop.
 */
public final class ClaimSize {

    /** How far ahead of the open places a claim takes work, in expected execution time. */
    static final long HORIZON_MILLIS = 1000;
    /** The weight of the newest execution in the mean: recent enough to follow a change of executor. */
    private static final double WEIGHT = 0.25;

    private final int batch;
    private final int workers;
    private double meanMillis = Double.NaN;

    /**
     * @param batch the most items one claim takes (the campaign's claim batch), at least 1
     * @param workers the workers this coordinator feeds, at least 1
     */
    public ClaimSize(int batch, int workers) {
        if (batch < 1 || workers < 1) {
            throw new IllegalArgumentException("claim batch and workers must be at least 1, got " + batch + " and "
                    + workers);
        }
        this.batch = batch;
        this.workers = workers;
    }

    /** Counts an execution that took {@code wallMillis}. */
    public void executed(long wallMillis) {
        double millis = Math.max(0, wallMillis);
        meanMillis = Double.isNaN(meanMillis) ? millis : meanMillis + WEIGHT * (millis - meanMillis);
    }

    /** The items a claim should take when {@code openPlaces} places wait for work. */
    public int wanted(int openPlaces) {
        long ahead = Double.isNaN(meanMillis) ? 0 : (long) (HORIZON_MILLIS * workers / Math.max(1.0, meanMillis));
        return (int) Math.max(1, Math.min(batch, openPlaces + ahead));
    }
}
