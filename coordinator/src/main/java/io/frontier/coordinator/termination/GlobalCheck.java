package io.frontier.coordinator.termination;

/**
 * Root's final word on quiescence, run after every other coordinator voted YES.
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
}
