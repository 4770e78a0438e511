package io.frontier.coordinator.commit;

/**
 * Thrown by a test's {@link Checkpoints} to stop the commit chain at a point, as a kill there
 * would: nothing in the chain catches it, so the durable state is what a crash leaves.
 */
public final class SimulatedCrash extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private SimulatedCrash(CommitPoint point) {
        super("simulated crash at " + point);
    }

    /** Checkpoints that crash the first time {@code point} is reached. */
    public static Checkpoints at(CommitPoint point) {
        boolean[] crashed = {false};
        return (reached, work) -> {
            if (reached == point && !crashed[0]) {
                crashed[0] = true;
                throw new SimulatedCrash(point);
            }
        };
    }
}
