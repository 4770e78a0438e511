package io.frontier.store.view;

import io.frontier.store.record.WorkState;
import java.util.Objects;

/**
 * Where a {@link WorkView} page of one state's index ended: the last index key it read. Pass it
 * back unchanged to read on; it is only valid for the same state.
 */
public record WorkCursor(WorkState state, byte[] key) {

    public WorkCursor {
        Objects.requireNonNull(state, "state");
        key = key.clone();
    }

    @Override
    public byte[] key() {
        return key.clone();
    }
}
