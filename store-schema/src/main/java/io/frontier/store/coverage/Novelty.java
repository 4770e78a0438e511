package io.frontier.store.coverage;

/**
 * What one input's coverage added to the edge map it was compared with.
 *
 * @param tuples (edge, hit-count bucket) pairs the map did not hold
 * @param edges edges the map had not reached in any bucket; never more than {@code tuples}
 */
public record Novelty(int tuples, int edges) {

    public Novelty {
        if (edges < 0 || tuples < edges) {
            throw new IllegalArgumentException("novelty counts out of range");
        }
    }

    /** True if the input reached at least one tuple the map did not hold. */
    public boolean any() {
        return tuples > 0;
    }
}
