package io.frontier.store.campaign;

import java.util.List;

/** The items a recovery released, and the expired leases it found blocked and left alone. */
public record RecoveryResult(List<Recovered> recovered, List<Blocked> blocked) {

    public RecoveryResult {
        recovered = List.copyOf(recovered);
        blocked = List.copyOf(blocked);
    }
}
