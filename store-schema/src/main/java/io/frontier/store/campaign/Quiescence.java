package io.frontier.store.campaign;

import io.frontier.store.record.QuiescenceMarker;

/**
 * What a quiescence check found. {@code marker} is present exactly when the campaign was idle:
 * counters of unfinished items at zero and the ready, leased and committing indexes empty, all
 * read serializably in the transaction that wrote the marker.
 */
public record Quiescence(QuiescenceMarker marker, Counts counts, boolean indexesEmpty) {

    public boolean quiescent() {
        return marker != null;
    }
}
