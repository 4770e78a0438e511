package io.frontier.coordinator.termination;

/**
 * Root's final word on whether the job may end, run after every other coordinator voted YES:
 * because the campaign is quiescent, or because every coordinator drained at its budget.
 */
public interface GlobalCheck {

    /**
     * In one serializable store transaction: confirms that no work item of this epoch is
     * pending, leased or committing, and if so writes the quiescence marker. A state edge
     * committed concurrently conflicts with it, so a true answer cannot be made stale by one.
     *
     * @return whether the campaign is quiescent
     * @throws io.frontier.store.error.FrontierException if the store cannot answer; the protocol
     *         turns it into a control failure
     */
    boolean confirmQuiescent();

    /** Why the job ends, for the COMMIT decision and the job summary, once confirmed in {@code round}. */
    default String commitReason(long round) {
        return "quiescence confirmed in probe round " + round;
    }

    /**
     * Whether the confirmed end is a drain (a budget used up, a stop request) rather than
     * quiescence: work is left for the next job, and the job's verdict is
     * {@link io.frontier.store.wire.ExitStatus#STOPPED}.
     */
    default boolean drained() {
        return false;
    }
}
