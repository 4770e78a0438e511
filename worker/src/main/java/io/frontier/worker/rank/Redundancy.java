package io.frontier.worker.rank;

import io.frontier.store.coverage.Coverage;
import io.frontier.store.coverage.EdgeMapCopy;

/**
 * How a worker judges a child redundant before staging it: by its copy of the campaign's edge map
 * ({@code map}, null when the coordinator sends none), and whether the coordinator keeps such a
 * child now ({@code keep}: stage it, else only declare it). A copy covers only what the campaign
 * reached, so a child it covers can reach nothing new.
 */
record Redundancy(EdgeMapCopy map, boolean keep) {

    /** No copy of the map: every child is sent with its coverage. */
    static final Redundancy NONE = new Redundancy(null, true);

    /** Whether {@code coverage} can reach nothing new by this copy; false without a copy. */
    boolean covers(Coverage coverage) {
        return map != null && map.covers(coverage);
    }
}
