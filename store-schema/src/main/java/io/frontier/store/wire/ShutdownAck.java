package io.frontier.store.wire;

import java.util.Map;

/**
 * Worker {@code worker} → its coordinator ({@link Tags#SHUTDOWN_ACK}): it has stopped and sends
 * nothing more; {@code figures} are its own named counts for the campaign summary.
 */
public record ShutdownAck(int worker, Map<String, Long> figures) {

    public ShutdownAck {
        if (worker < 0) {
            throw new IllegalArgumentException("a rank is never negative, got " + worker);
        }
        figures = Figures.copy(figures);
    }
}
