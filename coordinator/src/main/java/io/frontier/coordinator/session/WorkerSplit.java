package io.frontier.coordinator.session;

/**
 * How a coordinator's workers share their time between fuzzing sessions and inputs run one at a
 * time (SymCC, a command), by what each side recently found per CPU-second.
 *
 * <p>Each side's yield is the edges new to the campaign that its committed results reached first,
 * divided by the worker time they took, both summed with a half-life of {@link #HALF_LIFE_SECONDS}.
 * The target share of fuzzing is the fuzzers' yield over both yields, kept between
 * {@link #FLOOR} and {@code 1 - FLOOR} so that neither side stops being measured; until each side
 * has run for {@link #MEASURED_SECONDS}, or when neither found anything lately, the target is
 * even. (Without coverage triage no result counts new edges, so the split stays even.) A free
 * worker fuzzes next when the share of worker time this coordinator has handed to fuzzing
 * lately (each assignment counted at its planned length when it is sent) is below the target,
 * so the split is kept over time, slice by slice, whatever the number of workers.
 *
 * <p>The target holds while an input of tier 0 (new coverage) waits. When the next input waiting
 * is of a lower tier (a redundant child, a retry of a time-out, a repeat), fuzzing gets up to
 * {@code 1 - FLOOR} instead ({@link #fuzzBeforeLowerTier}): the lower tiers are what a campaign
 * runs when its frontier is dry, and a fuzzer does not run dry.
 * Measured on a cJSON parser that saturates within a minute (2 workers, 180 s), the split by yield
 * alone gave fuzzing 37% to 47% of the workers while SymCC ran redundant children, and the hybrid
 * ended 3 edges below plain AFL++ on the same cores in 4 of 5 runs.
 *
 * <p>The split only chooses between two kinds of work that are both available: a worker fuzzes
 * whenever no input waits, and runs inputs whenever no session can be had.
 */
public final class WorkerSplit {

    /** The least share of worker time either side gets while both have work. */
    public static final double FLOOR = 0.1;
    /** How fast the figures forget: a result this old counts half. */
    static final double HALF_LIFE_SECONDS = 60;
    /** Worker time a side needs before its yield is trusted. */
    static final double MEASURED_SECONDS = 5;

    private final Decaying fuzzEdges = new Decaying(HALF_LIFE_SECONDS);
    private final Decaying fuzzSeconds = new Decaying(HALF_LIFE_SECONDS);
    private final Decaying inputEdges = new Decaying(HALF_LIFE_SECONDS);
    private final Decaying inputSeconds = new Decaying(HALF_LIFE_SECONDS);
    private final Decaying fuzzPlanned = new Decaying(HALF_LIFE_SECONDS);
    private final Decaying inputPlanned = new Decaying(HALF_LIFE_SECONDS);

    /** Counts a committed result of one side: its worker time and the new edges its children reached. */
    public void committed(boolean fuzzing, double wallSeconds, long newEdges, double now) {
        (fuzzing ? fuzzSeconds : inputSeconds).add(Math.max(0, wallSeconds), now);
        (fuzzing ? fuzzEdges : inputEdges).add(Math.max(0, newEdges), now);
    }

    /** Counts an assignment sent to one side, at the worker time it is expected to take. */
    public void planned(boolean fuzzing, double seconds, double now) {
        (fuzzing ? fuzzPlanned : inputPlanned).add(Math.max(0, seconds), now);
    }

    /** Whether a free worker should fuzz next, when both sides have work for it. */
    public boolean fuzzNext(double now) {
        return fuzzShare(now) < target(now);
    }

    /**
     * Whether a free worker should fuzz rather than run an input of a lower tier: while fuzzing
     * had less than {@code 1 - FLOOR} of the worker time lately, so that the lower tiers keep
     * their floor.
     */
    public boolean fuzzBeforeLowerTier(double now) {
        return fuzzShare(now) < 1 - FLOOR;
    }

    /** The share of worker time fuzzing should have now, {@link #FLOOR} to {@code 1 - FLOOR}. */
    public double target(double now) {
        double fuzzTime = fuzzSeconds.value(now);
        double inputTime = inputSeconds.value(now);
        if (fuzzTime < MEASURED_SECONDS || inputTime < MEASURED_SECONDS) {
            return 0.5;
        }
        double fuzzYield = fuzzEdges.value(now) / fuzzTime;
        double inputYield = inputEdges.value(now) / inputTime;
        if (fuzzYield + inputYield <= 0) {
            return 0.5;
        }
        return Math.min(1 - FLOOR, Math.max(FLOOR, fuzzYield / (fuzzYield + inputYield)));
    }

    /** The share of recently planned worker time that went to fuzzing; 0 before anything was planned. */
    public double fuzzShare(double now) {
        double fuzz = fuzzPlanned.value(now);
        double total = fuzz + inputPlanned.value(now);
        return total <= 0 ? 0 : fuzz / total;
    }

    /** The figures as of {@code now}, for the summary and the progress line. */
    public Figures figures(double now) {
        double fuzzTime = fuzzSeconds.value(now);
        double inputTime = inputSeconds.value(now);
        return new Figures(target(now), fuzzShare(now), fuzzTime > 0 ? fuzzEdges.value(now) / fuzzTime : 0,
                inputTime > 0 ? inputEdges.value(now) / inputTime : 0);
    }

    /**
     * What the split stands at.
     *
     * @param target the share of worker time fuzzing should have
     * @param fuzzShare the share it had lately
     * @param fuzzYield new edges per CPU-second of fuzzing, lately
     * @param inputYield new edges per CPU-second of inputs run one at a time, lately
     */
    public record Figures(double target, double fuzzShare, double fuzzYield, double inputYield) {
    }
}
