package io.frontier.coordinator.termination;

import java.util.Map;

/**
 * The coordinator's own work, as the termination protocol sees it. Implemented by the
 * coordinator; called only from its MPI thread.
 */
public interface LocalFrontier {

    /**
     * Whether this coordinator has nothing to do right now: no queued work and no active
     * assignment. Cheap and without I/O; root calls it on every tick to measure its idle window.
     */
    boolean idle();

    /**
     * The one refresh routine every coordinator runs before it declares itself idle, root and
     * peers alike, in this fixed order: rescan external inputs → pick up pending work from the
     * store → recover expired leases → recompute idle. Anything found is queued as work.
     *
     * @return whether this coordinator is idle afterwards
     * @throws io.frontier.store.error.FrontierException on a failure the campaign cannot continue
     *         past; the protocol turns it into a control failure
     */
    boolean refresh();

    /**
     * The workers of this coordinator's group it has written off for the rest of the job, each
     * with why in words: the end of the job does not wait for their shutdown ACKs, and the
     * summary names them. None unless the coordinator writes workers off.
     */
    default Map<Integer, String> writtenOff() {
        return Map.of();
    }
}
