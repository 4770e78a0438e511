package io.frontier.coordinator.dispatch;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How far ahead of the running executions a coordinator commits to items, judged by the mean
 * wall time of the recent executions of the campaign's slowest executor kind: how many items one
 * claim takes (the workers' open places, plus what they will take within {@link #HORIZON_MILLIS};
 * at least one, at most the campaign's claim batch), and whether a worker gets its next
 * assignment ahead: while it still executes, or as soon as its RESULT arrives, before the commit
 * of that RESULT has left its children and later round pending (only where executions are
 * short: {@link #ASSIGN_AHEAD_MILLIS}).
 *
 * <p>Why: an item claimed waits in the coordinator's queue until a place opens, an item assigned
 * to a busy worker waits in its mailbox until the execution ends, and an item chosen before a
 * commit cannot be what that commit leaves pending; while any of them waits, the store's order
 * cannot reach past it. With executions of a fraction of a second that costs nothing, and one
 * store transaction feeds several dispatches while each worker starts its next execution without
 * a round trip. With executions of 10 s (a run of AFL++) it held back whatever joined tier 0
 * meanwhile. On the demo's hybrid campaign, read back from the manifests: with claims sized by
 * the mean of all kinds, which SymCC's first runs (0.3 s) made short, each claim took six AFL++
 * runs, and the SymCC rounds of the inputs AFL++ found first ran only from 40 s; with claims
 * sized by the slowest kind but a second item in each worker's mailbox, from 20 s; with neither,
 * but a worker's next item chosen as its RESULT arrived, a seed's AFL++ round waited 10 s, since
 * that RESULT freed the place before its commit made the round pending. Now the seeds' AFL++
 * rounds start within a second and those SymCC rounds as soon as the finds are committed, at
 * 11 s.
 *
 * <p>A claim does not know which kind its items run on, so the slowest kind decides; until every
 * kind has ended an execution, a claim takes what the open places take and, once any has, no
 * worker is given an item ahead. Not thread-safe: owned by the coordinator's loop.
 */
public final class Lookahead {

    /** How far ahead of the running executions work is committed to, in expected execution time. */
    static final long HORIZON_MILLIS = 1000;
    /**
     * The slowest kind's mean execution time up to which a worker is assigned ahead. Above it the
     * round trip and commit a worker then waits for cost under a few percent of its time; below
     * it, SymCC's runs (0.1 to 0.6 s on the parsers measured, with some of several seconds) keep
     * the worker's next execution starting at once however the mean wavers.
     */
    static final long ASSIGN_AHEAD_MILLIS = 2000;
    /** What an execution of a kind none of whose executions has ended yet is expected to take. */
    static final double UNMEASURED_SECONDS = 0.5;
    /** The weight of the newest execution in a kind's mean: recent enough to follow a change of target or input. */
    private static final double WEIGHT = 0.25;

    private final int batch;
    private final int workers;
    private final List<String> kinds;
    private final Map<String, Double> meanMillis = new HashMap<>();

    /**
     * @param batch the most items one claim takes (the campaign's claim batch), at least 1
     * @param workers the workers this coordinator feeds, at least 1
     * @param kinds the campaign's executor kinds, at least one
     */
    public Lookahead(int batch, int workers, List<String> kinds) {
        if (batch < 1 || workers < 1 || kinds.isEmpty()) {
            throw new IllegalArgumentException("claim batch and workers must be at least 1 and executor kinds given, got "
                    + batch + ", " + workers + " and " + kinds);
        }
        this.batch = batch;
        this.workers = workers;
        this.kinds = List.copyOf(kinds);
    }

    /** Counts an execution of {@code kind} that took {@code wallMillis}. */
    public void executed(String kind, long wallMillis) {
        double millis = Math.max(0, wallMillis);
        meanMillis.merge(kind, millis, (mean, next) -> mean + WEIGHT * (next - mean));
    }

    /**
     * The mean wall time of {@code kind}'s recent executions in seconds, or
     * {@link #UNMEASURED_SECONDS} before one has ended: what an assignment of that kind is
     * expected to take.
     */
    public double meanSeconds(String kind) {
        Double mean = meanMillis.get(kind);
        return mean == null ? UNMEASURED_SECONDS : mean / 1000.0;
    }

    /** The items a claim should take when {@code openPlaces} places wait for work. */
    public int claimSize(int openPlaces) {
        double slowest = slowestMeanMillis();
        long ahead = Double.isNaN(slowest) ? 0 : (long) (HORIZON_MILLIS * workers / Math.max(1.0, slowest));
        return (int) Math.max(1, Math.min(batch, openPlaces + ahead));
    }

    /**
     * Whether a worker gets its next assignment ahead (while it still executes, or before the
     * commit of its RESULT), to start it without waiting for a round trip or a commit: before any
     * execution has ended (what is pending then is the seeds, whose order holds
     * nothing back), and then once every kind has ended one and the slowest one's mean is at most
     * {@link #ASSIGN_AHEAD_MILLIS}.
     */
    public boolean assignsAhead() {
        if (meanMillis.isEmpty()) {
            return true;
        }
        double slowest = slowestMeanMillis();
        return !Double.isNaN(slowest) && slowest <= ASSIGN_AHEAD_MILLIS;
    }

    /** The slowest kind's mean wall time, or NaN until every kind has ended an execution. */
    private double slowestMeanMillis() {
        if (!meanMillis.keySet().containsAll(kinds)) {
            return Double.NaN;
        }
        return kinds.stream().mapToDouble(meanMillis::get).max().orElseThrow();
    }
}
